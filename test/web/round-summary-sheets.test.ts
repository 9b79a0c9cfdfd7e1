import t from 'tap'
import type { RoundFeedback } from '../../schemas/api/admin-sessions.ts'
import { criteriaOf, lastedWords, sheetsOf } from '../../web/admin/sessions/round-summary/round-sheets.ts'

/** A round's printed summary (issue 37) in the debrief's shapes: one sheet per feedback, the mark scheme as scored. */

const given = (name: string, role: RoundFeedback['from']['role'], at: string, criteriaScores: RoundFeedback['criteriaScores']): RoundFeedback => ({
  from: { name, role },
  to: { name: 'Dora Doctor' },
  at,
  score: '5/8',
  comment: '',
  criteriaScores,
  overallPerformance: 5,
  domainScores: [],
  stationScore: null,
  globalJudgement: null,
  feedbackAreas: [],
})
const history = { criterionId: 'c-history', criterionName: 'History', score: 3, subScores: [] }
const comms = (subs: string[]) => ({
  criterionId: 'c-comms',
  criterionName: 'Communication',
  score: null,
  subScores: subs.map((id) => ({ subCriterionId: id, subCriterionName: id.toUpperCase(), score: 2 })),
})

t.test('one sheet per feedback, headed by who gave it; a second by the same person also by its time', async (t) => {
  const feedback = [
    given('Olly Observer', 'OBSERVER', '2026-03-01T10:00:00.000Z', [history]),
    given('Pat Patient', 'PATIENT', '2026-03-01T10:01:00.000Z', [history]),
    given('Olly Observer', 'OBSERVER', '2026-03-01T10:02:00.000Z', [history]),
  ]
  const sheets = sheetsOf(feedback, (iso) => iso.slice(11, 16))
  t.same(sheets.map((sheet) => sheet.heading), ['Olly Observer (Observer)', 'Pat Patient (Patient)', 'Olly Observer (Observer), 10:02'])
  t.equal(sheets[1].scores, feedback[1], 'the feedback is the sheet: its scores and its marks')
  t.equal(sheets[1].marks, feedback[1])
})

t.test('the mark scheme as the feedback scored it: each criterion and sub-criterion once, in order', async (t) => {
  const criteria = criteriaOf([given('A', 'OBSERVER', '', [history, comms(['s-empathy'])]), given('B', 'PATIENT', '', [history, comms(['s-empathy', 's-clarity'])])])
  t.same(criteria, [
    { id: 'c-history', name: 'History', subCriteria: [] },
    { id: 'c-comms', name: 'Communication', subCriteria: [{ id: 's-empathy', name: 'S-EMPATHY' }, { id: 's-clarity', name: 'S-CLARITY' }] },
  ])
  t.same(criteriaOf([]), [])
})

t.test('how long a phase lasted, on the room clock', async (t) => {
  const phase = { phase: 'READING' as const, startedAt: '2026-03-01T10:00:00.000Z', deadline: null, differenceMs: null }
  t.equal(lastedWords({ ...phase, endedAt: '2026-03-01T10:03:05.000Z' }), '3:05')
  t.equal(lastedWords({ ...phase, endedAt: null }), null, 'still running')
})
