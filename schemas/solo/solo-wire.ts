import * as v from 'valibot'
import { DoctorCaseViewSchema, RevealedDoctorCaseViewSchema } from '../case-views.ts'
import { FEEDBACK_AREAS, GLOBAL_JUDGEMENTS } from '../marking.ts'
import { FeedbackSubmitBody, MAX_TEXT } from '../session-api.ts'
import { CriterionScoreSchema, DomainScoreSchema } from '../session-wire.ts'
import { CHECKLIST_MARKS } from '../session/types.ts'
import { STATION_TYPES } from '../station/station.ts'
import { CONSULTATION_TIME_OPTIONS, EXAM_TIMING, READING_TIME_OPTIONS } from '../session/config-rules.ts'
import { SOLO_PHASES } from './solo-station.ts'

/** What a solo station (issue 34) takes and gives on the wire; the routes are in schemas/api/solo.ts. */

const minutes = (options: readonly number[], what: string) => {
  const rule = `${what} must be one of ${options.join(', ')} minutes`
  return v.picklist(options, rule)
}

const CHOOSE_A_CASE = 'Choose a topic, a station type or "Surprise me"'

/** How the case is chosen: from one topic, of one station type, or any station. */
export const SoloChoiceSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('topic'), topic: v.pipe(v.string('Choose a topic'), v.trim(), v.nonEmpty('Choose a topic'), v.maxLength(100, 'That is not one of the topics')) }),
    v.object({ kind: v.literal('stationType'), stationType: v.picklist(STATION_TYPES, 'Choose one of the station types') }),
    v.object({ kind: v.literal('surprise') }),
  ],
  CHOOSE_A_CASE,
)
export type SoloChoice = v.InferOutput<typeof SoloChoiceSchema>

const CASE_ID_RULE = 'caseId must be the id of a case'

/**
 * The exam's timing by default; the same choices a session offers. The case is drawn as `choice` says, or is the
 * one `caseId` names (chosen on "Find a case"), which then wins.
 */
export const SoloStartBody = v.pipe(
  v.object({
    choice: v.optional(SoloChoiceSchema),
    caseId: v.optional(v.pipe(v.number(CASE_ID_RULE), v.safeInteger(CASE_ID_RULE), v.minValue(1, CASE_ID_RULE))),
    readingTime: v.optional(minutes(READING_TIME_OPTIONS, 'Reading time'), EXAM_TIMING.readingTime),
    consultationTime: v.optional(minutes(CONSULTATION_TIME_OPTIONS, 'Consultation time'), EXAM_TIMING.consultationTime),
  }),
  v.forward(
    v.check((body) => body.choice !== undefined || body.caseId !== undefined, CHOOSE_A_CASE),
    ['choice'],
  ),
)
export type SoloStart = v.InferOutput<typeof SoloStartBody>

/** "Start the station now" (from READING) and "End the station" (from CONSULTATION). */
export const SoloMoveOnBody = v.object({ from: v.picklist(['READING', 'CONSULTATION'], 'from must be READING or CONSULTATION') })

const MAX_TICKS = 200
const second = v.nullable(v.pipe(v.number('second must be a number'), v.integer('second must be whole'), v.minValue(0, 'second must not be negative'), v.maxValue(7200, 'second is past the recording')))

/** A checklist mark, with the second of the consultation it was noted at (null: not while watching the recording). */
export const SoloTickSchema = v.object({ itemId: v.pipe(v.string(), v.maxLength(100)), mark: v.picklist(CHECKLIST_MARKS, 'A mark must be DONE, PARTLY or NOT_DONE'), second })
export type SoloTick = v.InferOutput<typeof SoloTickSchema>

/**
 * The candidate's marks of their own station, in the exam's shape: a mark per checklist item (with the second of
 * the recording it was noted at, when marked while watching it back), the domains' criteria, a judgement and areas.
 */
export const SoloMarksBody = v.object({
  ticks: v.pipe(
    v.array(SoloTickSchema, 'ticks must be a list'),
    v.maxLength(MAX_TICKS, 'Too many checklist marks'),
  ),
  criteriaScores: FeedbackSubmitBody.entries.criteriaScores,
  globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS, `A judgement must be one of ${GLOBAL_JUDGEMENTS.join(', ')}`)),
  feedbackAreas: v.pipe(v.array(v.picklist(FEEDBACK_AREAS, 'Unknown feedback area')), v.maxLength(FEEDBACK_AREAS.length, 'Too many feedback areas')),
  comment: v.optional(v.pipe(v.string('The comment must be text'), v.maxLength(MAX_TEXT, `The comment must be at most ${MAX_TEXT} characters`)), ''),
})
export type SoloMarks = v.InferOutput<typeof SoloMarksBody>

export const SoloSavedMarksSchema = v.object({
  ticks: v.array(SoloTickSchema),
  criteriaScores: v.array(CriterionScoreSchema),
  globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS)),
  feedbackAreas: v.array(v.picklist(FEEDBACK_AREAS)),
  comment: v.string(),
  domainScores: v.array(DomainScoreSchema),
  stationScore: v.nullable(v.number()),
  markedAt: v.number(),
})
export type SoloSavedMarks = v.InferOutput<typeof SoloSavedMarksSchema>

const TimerSchema = v.object({ phase: v.picklist(['READING', 'CONSULTATION']), startTimestamp: v.number(), durationSeconds: v.number() })

/**
 * One solo station as its candidate sees it now. The case is the doctor's view until the station is over, the
 * whole case after (the script and checklist are never sent before).
 */
export const SoloStationSchema = v.object({
  id: v.number(),
  phase: v.picklist(SOLO_PHASES),
  timer: v.nullable(TimerSchema),
  startedAt: v.number(),
  consultationStartedAt: v.number(),
  /** When the consultation ended; null until it has. */
  endedAt: v.nullable(v.number()),
  case: v.union([RevealedDoctorCaseViewSchema, DoctorCaseViewSchema]),
  marks: v.nullable(SoloSavedMarksSchema),
})
export type SoloStation = v.InferOutput<typeof SoloStationSchema>

/** The candidate's solo stations, newest first: the title only of those that are over. */
export const SoloStationListSchema = v.array(
  v.object({
    id: v.number(),
    startedAt: v.number(),
    phase: v.picklist(SOLO_PHASES),
    caseTitle: v.nullable(v.string()),
    stationType: v.nullable(v.picklist(STATION_TYPES)),
    topic: v.string(),
    stationScore: v.nullable(v.number()),
  }),
)
export type SoloStationList = v.InferOutput<typeof SoloStationListSchema>
