import t from 'tap'
import * as v from 'valibot'
import { allowedActions, CONTRIBUTION_STATES, stateInWords, type ContributionState } from '../../schemas/contributions/contribution.ts'
import { ContributionContentSchema } from '../../schemas/contributions/contribution-body.ts'
import { contentOf, draftOfContent, keepDraft, keptDraft, newContributionDraft, sameDraft, submissionErrors } from '../../web/contributions/contribution-draft.ts'
import { completeCase } from '../contributions/helpers.ts'

/** The contribution editor's pure parts: the case in and out of the editor, the shared check, the buttons each state shows. */
const NOW = Date.parse('2026-06-01T12:00:00Z')
const stored = v.parse(ContributionContentSchema, completeCase(4))

t.test('a contribution goes into the editor and comes out as it was', async (t) => {
  const draft = draftOfContent(stored, false)
  t.equal(draft.state.categoryId, '4')
  t.equal(draft.state.visualText, 'Sweaty, pale, clutching the chest')
  t.same(contentOf(draft.state), stored)
  t.same(submissionErrors(draft.state, NOW), {}, 'complete: nothing to fix')
})

t.test('a new case is a station to fill in; submitting would name what is missing', async (t) => {
  const fresh = newContributionDraft()
  t.ok(fresh.state.station, 'written as a station from the start')
  t.equal(fresh.showName, true)
  t.ok(v.safeParse(ContributionContentSchema, contentOf(fresh.state)).success, 'a blank draft may be saved')
  const errors = submissionErrors(fresh.state, NOW)
  for (const field of ['title', 'category', 'station.stationType', 'station.candidate.setting', 'station.checklist']) t.ok(errors[field], field)
})

t.test('findings left blank are none; dates of a case that is no longer a recall are not sent', async (t) => {
  const { state } = draftOfContent({ ...stored, isRecallCase: true, recallDates: ['2025-02-01'] }, true)
  const content = contentOf({ ...state, visualText: '   ', isRecallCase: false })
  t.equal(content.visualData, null)
  t.same(content.recallDates, [])
  const future = submissionErrors({ ...state, recallDates: ['2026-06-03'] }, NOW)
  t.match(future.recallDates, /cannot be in the future: 2026-06-03/)
  t.same(submissionErrors({ ...state, recallDates: ['2026-06-02'] }, NOW), {}, 'tomorrow in UTC is already today somewhere')
})

t.test('unsaved edits are kept per account and case, and restored', async (t) => {
  const store = new Map<string, string>()
  const fake = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value), removeItem: (key: string) => void store.delete(key) }
  Object.assign(globalThis, { sessionStorage: fake })
  t.teardown(() => void Reflect.deleteProperty(globalThis, 'sessionStorage'))
  const draft = draftOfContent({ ...stored, title: 'Typed, not saved' }, false)
  keepDraft(7, 12, draft)
  const restored = keptDraft(7, 12)
  t.ok(restored && sameDraft(restored, draft))
  t.equal(keptDraft(8, 12), null, "another account's tab holds nothing")
  store.set('plab.contribution.7.13', '{"content": 3}')
  t.equal(keptDraft(7, 13), null, 'what is not a draft is ignored')
})

t.test('each state offers its author and a reviewer only what the rules allow', async (t) => {
  const offered = (state: ContributionState, who: 'author' | 'reviewer', everSubmitted = true) =>
    allowedActions({ state, isAuthor: who === 'author', mayReview: who === 'reviewer', everSubmitted })
  t.same(offered('DRAFT', 'author', false), ['save', 'submit', 'delete'])
  t.same(offered('DRAFT', 'author'), ['save', 'submit'])
  t.same(offered('SUBMITTED', 'author'), [])
  t.same(offered('SUBMITTED', 'reviewer'), ['comment', 'requestChanges', 'approve'])
  t.same(offered('CHANGES_REQUESTED', 'author'), ['save', 'submit'])
  t.same(offered('CHANGES_REQUESTED', 'reviewer'), ['comment'])
  for (const who of ['author', 'reviewer'] as const) t.same(offered('APPROVED', who), [], `approved is final for the ${who}`)
  t.same(allowedActions({ state: 'SUBMITTED', isAuthor: true, mayReview: true, everSubmitted: true }), [], 'a reviewer never reviews their own')
  t.same(CONTRIBUTION_STATES.map((state) => stateInWords(state, 'Add the ECG')), ['Draft', 'Waiting for review', 'Changes requested: Add the ECG', 'Approved: in the bank'])
})
