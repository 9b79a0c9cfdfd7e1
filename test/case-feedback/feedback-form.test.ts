import t from 'tap'
import { DETAILS_NEEDED, ProblemReportForm } from '../../schemas/case-feedback.ts'
import type { ProblemReportView } from '../../schemas/problem-reports.ts'
import { validate } from '../../schemas/validate.ts'
import { forgetReport, keepReport, keptReport, ratingProblems, sourceKey } from '../../web/case-feedback/case-feedback-form.ts'
import { closedText, reporterText, sourceText, versionText } from '../../web/review/report-text.ts'

/** The pure parts of the case feedback forms and of the reviewers' queue (issue 35). */

function fakeStorage(failing = false) {
  const items = new Map<string, string>()
  const refuse = () => {
    throw new Error('QuotaExceededError')
  }
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: failing ? refuse : (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  }
}

t.test('a rating needs a point on both scales', async (t) => {
  t.same(ratingProblems({ realism: null, difficulty: null }), { realism: 'Please choose how real the case felt', difficulty: 'Please choose how hard the case was' })
  t.same(ratingProblems({ realism: 4, difficulty: null }), { difficulty: 'Please choose how hard the case was' })
  t.same(ratingProblems({ realism: 1, difficulty: 5 }), {})
})

t.test('a report needs a kind, and words for a wrong fact or something else', async (t) => {
  const errors = (kind: string, details: string) => {
    const result = validate(ProblemReportForm, { kind, details })
    return result.ok ? {} : result.errors
  }
  t.same(errors('', ''), { kind: 'Please choose what kind of problem it is' })
  t.same(errors('WRONG_FACT', '   '), { details: DETAILS_NEEDED })
  t.same(errors('OTHER', ''), { details: DETAILS_NEEDED })
  t.same(errors('UNCLEAR', ''), {})
  t.same(errors('OFFENSIVE', ''), {})
  t.same(errors('WRONG_FACT', 'The dose is wrong'), {})
})

t.test('the report being written is kept per user and station, and forgotten once sent', async (t) => {
  const storage = fakeStorage()
  t.teardown(() => Reflect.deleteProperty(globalThis, 'sessionStorage'))
  Object.assign(globalThis, { sessionStorage: storage })
  const round = { sessionCode: 'ABCD-EFGH', round: 2 }
  const solo = { soloStationId: 7 }
  t.equal(sourceKey(round), 'ABCD-EFGH-2')
  t.equal(sourceKey(solo), 'solo-7')

  t.same(keptReport(1, round), { kind: '', details: '' }, 'nothing kept yet')
  keepReport(1, round, { kind: 'WRONG_FACT', details: 'The dose' })
  t.same(keptReport(1, round), { kind: 'WRONG_FACT', details: 'The dose' })
  t.same(keptReport(2, round), { kind: '', details: '' }, "not another user's")
  t.same(keptReport(1, solo), { kind: '', details: '' }, "not another station's")

  storage.items.set('plab.caseReport.1.solo-7', JSON.stringify({ kind: 'NONSENSE', details: 42 }))
  t.same(keptReport(1, solo), { kind: '', details: '' }, 'what is not a draft is ignored')
  storage.items.set('plab.caseReport.1.solo-7', '{not json')
  t.same(keptReport(1, solo), { kind: '', details: '' })

  forgetReport(1, round)
  t.same(keptReport(1, round), { kind: '', details: '' }, 'forgotten once sent')

  Object.assign(globalThis, { sessionStorage: fakeStorage(true) })
  t.doesNotThrow(() => keepReport(1, round, { kind: 'UNCLEAR', details: '' }), 'a full storage loses nothing the form holds')
})

t.test("the queue's wording", async (t) => {
  const report: ProblemReportView = {
    id: 1,
    caseId: 9,
    caseTitle: 'Chest pain',
    caseVersion: 2,
    currentVersion: 2,
    kind: 'UNCLEAR',
    details: '',
    reporterName: null,
    source: { kind: 'SESSION', sessionCode: 'ABCD-EFGH', round: 3 },
    createdAt: '2025-05-01T10:00:00.000Z',
    status: 'OPEN',
    resolvedByName: null,
    resolvedAt: null,
    resolutionNote: '',
  }
  t.equal(sourceText(report.source), 'Session ABCD-EFGH, round 3')
  t.equal(sourceText({ kind: 'SESSION', sessionCode: null, round: 3 }), 'Round 3 of a session')
  t.equal(sourceText({ kind: 'SOLO' }), 'Practised alone')
  t.equal(reporterText(report), 'A former user (account deleted)')
  t.equal(reporterText({ ...report, reporterName: 'Dora' }), 'Dora')
  t.equal(versionText(report), 'Version 2 (the current version)')
  t.equal(versionText({ ...report, currentVersion: 4 }), 'Version 2 (now version 4)')
  t.equal(closedText(report), null)
  t.match(closedText({ ...report, status: 'DISMISSED', resolvedAt: '2025-05-03T10:00:00.000Z', resolvedByName: 'Rita' }), /^Dismissed by Rita on /)
  t.match(closedText({ ...report, status: 'RESOLVED', resolvedAt: '2025-05-03T10:00:00.000Z' }), /^Resolved by a former reviewer on /)
})
