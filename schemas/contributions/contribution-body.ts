import * as v from 'valibot'
import { CaseBody, RecallDate } from '../content.ts'
import { DOMAINS } from '../marking.ts'
import { emptyStationDraft, type StationDraft } from '../station/from-old-shape.ts'
import { DIFFICULTIES, FACT_REVEALS, MLA_AREAS, STATION_TYPES } from '../station/station.ts'
import { validate, type FieldErrors } from '../validate.ts'

/**
 * A contributed case as its author writes it (issue 35, item 1): always in the exam's shape (a station), its
 * findings in words. A draft may be half written, so these schemas check only types and sizes; submitting runs
 * the bank's own rules (CaseBody, Station) on it, and a recall case's dates.
 */

const TEXT_MAX = 5_000
const FINDINGS_MAX = 50_000
// Above the station's own limit (40), so that a long list is saved and the submission names the rule.
const LIST_MAX = 60

const text = (label: string, max = TEXT_MAX) =>
  v.optional(v.pipe(v.string(`${label} must be text`), v.maxLength(max, `${label} must be at most ${max} characters`)), '')
const list = <S extends v.GenericSchema>(item: S, label: string) =>
  v.optional(v.pipe(v.array(item, `${label} must be a list`), v.maxLength(LIST_MAX, `At most ${LIST_MAX} ${label.toLowerCase()}`)), [])
const draftId = v.pipe(v.string('An id must be text'), v.maxLength(60, 'An id is at most 60 characters'))

/** A station being written: any part may still be empty (schemas/station/from-old-shape.ts StationDraft). */
const StationDraftSchema = v.object({
  stationType: v.optional(v.picklist([...STATION_TYPES, ''], 'Unknown station type'), ''),
  mlaAreas: v.optional(v.pipe(v.array(v.picklist(MLA_AREAS, 'Unknown MLA area'), 'MLA areas must be a list'), v.maxLength(5, 'At most 5 MLA areas')), []),
  difficulty: v.optional(v.picklist(DIFFICULTIES, 'Unknown difficulty'), 'STANDARD'),
  candidate: v.optional(
    v.object({ setting: text('The setting'), tasks: list(text('A task'), 'Tasks'), notNeeded: list(text('A line'), 'Lines'), background: text('The background') }),
    () => emptyStationDraft().candidate,
  ),
  patient: v.optional(
    v.object({
      persona: text('Who the patient is'),
      openingLine: text('The opening line'),
      facts: list(v.object({ id: draftId, text: text("A fact's text"), reveal: v.picklist(FACT_REVEALS, 'A fact is VOLUNTEER or IF_ASKED') }), 'Facts'),
      ideas: text('Ideas'),
      concerns: text('Concerns'),
      expectations: text('Expectations'),
      cues: list(text('A cue'), 'Cues'),
      questions: list(text('A question'), 'Questions'),
    }),
    () => emptyStationDraft().patient,
  ),
  checklist: list(v.object({ id: draftId, domain: v.picklist([...DOMAINS, ''], 'Unknown domain'), item: text('A checklist item'), good: text('What good looks like') }), 'Checklist items'),
}) satisfies v.GenericSchema<unknown, StationDraft>

const IMAGES_BY_ADMINS = 'A contributed case describes its findings in words: images are added by an administrator once it is approved'

/** What the author last saved: what the editor sends (web/admin/case-editor/editor-state.ts draftFrom), unknown fields dropped. */
export const ContributionContentSchema = v.object({
  title: text('Title', 200),
  description: text('Description'),
  category: v.nullish(v.object({ id: v.pipe(v.number('Category is required'), v.integer('Category is required'), v.minValue(1, 'Category is required'), v.maxValue(Number.MAX_SAFE_INTEGER, 'Category is required')) }), null),
  station: v.optional(StationDraftSchema, emptyStationDraft),
  visualData: v.nullish(v.object({ type: v.picklist(['text'], IMAGES_BY_ADMINS), content: text('Visual findings', FINDINGS_MAX) }), null),
  isRecallCase: v.optional(v.boolean('isRecallCase must be true or false'), false),
  recallDates: v.optional(v.pipe(v.array(RecallDate, 'Recall dates must be a list'), v.maxLength(50, 'At most 50 recall dates')), []),
})
export type ContributionContent = v.InferOutput<typeof ContributionContentSchema>

/** Creating or saving a draft: the case as far as it is written, and whether the bank shows the author's name. */
export const ContributionSaveBody = v.object({
  content: ContributionContentSchema,
  showName: v.boolean('Choose whether your name is shown with the case'),
})
export type ContributionSave = v.InferInput<typeof ContributionSaveBody>

const MESSAGE_MAX = 5_000
const message = (required: string) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(MESSAGE_MAX, `The message must be at most ${MESSAGE_MAX} characters`))
const optionalMessage = v.optional(v.pipe(v.string('The note must be text'), v.trim(), v.maxLength(MESSAGE_MAX, `The note must be at most ${MESSAGE_MAX} characters`)), '')

/** Submitting, with an optional note to the reviewer (what changed since their request). */
export const ContributionSubmitBody = v.object({ note: optionalMessage })
/** A reviewer's comment, or request for changes: saying what to change is the point of it. */
export const ReviewMessageBody = v.object({ message: message('Write your message to the author') })
export const ApproveBody = v.object({ note: optionalMessage })

export const NO_FUTURE_RECALL = 'The exam date you recall cannot be in the future'
export const RECALL_NEEDS_DATE = 'A recall case needs the date of the exam you recall'

/** The calendar date somewhere on Earth already (UTC+14) at this instant: nobody's exam of today is in the future. */
export const latestDateAt = (instant: number) => new Date(instant + 14 * 3_600_000).toISOString().slice(0, 10)

/** A recall contribution names the exam sitting it recalls: at least one date, none after `today` (yyyy-mm-dd). */
function recallProblems(content: ContributionContent, today: string): FieldErrors {
  if (!content.isRecallCase) return {}
  if (content.recallDates.length === 0) return { recallDates: RECALL_NEEDS_DATE }
  const future = content.recallDates.find((date) => date > today)
  return future ? { recallDates: `${NO_FUTURE_RECALL}: ${future}` } : {}
}

/** The contribution as the bank's case body: a station writes every free-text field itself (spec-fields.ts). */
const caseBodyInput = (content: ContributionContent) => ({
  ...content,
  doctorNotes: '',
  patientNotes: '',
  doctorSections: [],
  patientSections: [],
  feedbackCriteria: [],
  imageUrl: null,
})

/**
 * The full check on submission (and again on approval): the case passes the bank's rules, with every problem
 * reported under its field's path ("station.candidate.setting"). `today` is latestDateAt(now).
 */
export function checkSubmission(content: ContributionContent, today: string): { ok: true; value: CaseBody } | { ok: false; errors: FieldErrors } {
  const result = validate(CaseBody, caseBodyInput(content))
  const errors = { ...(result.ok ? {} : result.errors), ...recallProblems(content, today) }
  if (result.ok && Object.keys(errors).length === 0) return { ok: true, value: result.value }
  return { ok: false, errors }
}
