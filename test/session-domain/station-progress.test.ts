import t from 'tap'
import { progressAfter, progressSeenBy, proposalFromMarks } from '../../schemas/session/station-progress.ts'
import type { StationProgress } from '../../schemas/session/types.ts'
import { evolve } from '../../schemas/session/evolve.ts'
import { feedback, HOST, inConsultation, OBSERVER, PATIENT, SECOND_OBSERVER } from './fixtures.ts'

const CHECKLIST = [
  { id: 'history', domain: 'DATA_GATHERING' as const, item: 'History' },
  { id: 'red-flags', domain: 'DATA_GATHERING' as const, item: 'Red flags' },
  { id: 'plan', domain: 'CLINICAL_MANAGEMENT' as const, item: 'Plan' },
  { id: 'rapport', domain: 'INTERPERSONAL' as const, item: 'Rapport' },
]
const EMPTY: StationProgress = { marks: [], revealedFacts: [] }
const mark = (userId: number, itemId: string, mark: 'DONE' | 'PARTLY' | 'NOT_DONE', second: number | null = 30) =>
  ({ type: 'ChecklistItemMarked', userId, round: 1, caseId: 10, itemId, mark, second, at: 0 }) as const

t.test("an examiner's latest mark per item counts; the facts keep the order told and a tick taken back goes", async (t) => {
  let progress = [mark(7, 'history', 'PARTLY'), mark(7, 'history', 'DONE', 95), mark(8, 'history', 'NOT_DONE')].reduce(progressAfter, EMPTY)
  t.same(progress.marks, [{ userId: 7, itemId: 'history', mark: 'DONE', second: 95 }, { userId: 8, itemId: 'history', mark: 'NOT_DONE', second: 30 }])
  const told = (factId: string, revealed: boolean, second: number) => ({ type: 'FactRevealed', userId: 2, round: 1, caseId: 10, factId, revealed, second, at: 0 }) as const
  progress = [told('onset', true, 10), told('smoking', true, 20), told('onset', false, 25)].reduce(progressAfter, progress)
  t.same(progress.revealedFacts, [{ factId: 'smoking', second: 20 }])
  t.same(progressSeenBy(progress, 'PATIENT'), { marks: [], revealedFacts: progress.revealedFacts }, 'the patient sees the facts, not the marks')
  t.equal(progressSeenBy(progress, 'DOCTOR'), null, 'the doctor sees nothing')
  t.equal(progressSeenBy(progress, null), null)
})

t.test('marks propose scores (done 4, partly 2, not done 0) and the grades they give; only the examiner\'s own', async (t) => {
  const progress = [mark(7, 'history', 'DONE'), mark(7, 'red-flags', 'PARTLY'), mark(7, 'plan', 'NOT_DONE'), mark(8, 'rapport', 'DONE')].reduce(progressAfter, EMPTY)
  const { scores, result } = proposalFromMarks(progress, 7, CHECKLIST)
  t.same([...scores], [['history', 4], ['red-flags', 2], ['plan', 0]])
  t.same(result.domainScores.map((domain) => [domain.domain, domain.mean, domain.grade]), [['DATA_GATHERING', 3, 'B'], ['CLINICAL_MANAGEMENT', 0, 'E'], ['INTERPERSONAL', null, null]])
  t.equal(result.stationScore, null, 'no station score while a domain has no mark')
})

t.test('notes on the session: a repeat notes nothing, a late examiner marks nothing, a new case or new seats start afresh', async (t) => {
  // Session.run adds to one log: each branch starts from a session of its own.
  const marked = () => inConsultation().run({ type: 'MarkChecklistItem', itemId: 'c1', mark: 'DONE' }, OBSERVER).run({ type: 'RevealFact', factId: 'onset', revealed: true }, PATIENT)
  const once = marked()
  t.equal(once.state.stationProgress.marks.length, 1)
  t.same(once.when({ type: 'MarkChecklistItem', itemId: 'c1', mark: 'DONE' }, OBSERVER), [], 'the same mark twice (a double click) stores nothing')
  t.same(once.when({ type: 'RevealFact', factId: 'onset', revealed: true }, PATIENT), [])
  const late = marked().run({ type: 'SkipPhase' }, HOST).run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER)
  t.throws(() => late.when({ type: 'MarkChecklistItem', itemId: 'c1', mark: 'PARTLY' }, SECOND_OBSERVER), { status: 403, message: /joined after the consultation/ })
  const before = marked().run({ type: 'SkipPhase' }, HOST)
  const caseBefore = before.state.caseId
  const nextCase = before.run(feedback({ requestNewCase: true }), PATIENT).run(feedback(), OBSERVER)
  t.not(nextCase.state.caseId, caseBefore, 'the next case began')
  t.same(nextCase.state.stationProgress, EMPTY, 'its notes start empty')
  // Seats can change with no case left to assign: the round's doctor may then sit where the notes are shown.
  const swapped = evolve(once.state, { type: 'RolesSwapped', newDoctorUserId: PATIENT.userId, newPatientUserId: HOST.userId, at: 0 })
  t.same(swapped.stationProgress, EMPTY, 'new seats: the notes are nobody\'s to see')
  const rotated = evolve(once.state, { type: 'SeatsRotated', newDoctorUserId: PATIENT.userId, newPatientUserId: OBSERVER.userId, newObserverUserId: HOST.userId, at: 0 })
  t.same(rotated.stationProgress, EMPTY)
})
