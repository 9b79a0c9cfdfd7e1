import * as v from 'valibot'
import { Circuit } from './mock/circuit.ts'
import { CHECKLIST_MARKS, RANDOM_TOPIC, type CriterionScore, type SessionConfig, type StationMarking } from './session/types.ts'
import { FEEDBACK_AREAS, GLOBAL_JUDGEMENTS } from './marking.ts'
import { DEFAULT_CONSULTATION_TIME, DEFAULT_READING_TIME } from './session/config-rules.ts'
import { MLA_AREAS, STATION_TYPES } from './station/station.ts'

/**
 * Request bodies of the session API (WIRE.md section 5). They check the shape only; what a configuration or a
 * score may be is a rule of the session (schemas/session), checked when the command is decided. Field names
 * follow the spec's client; the `*Minutes` names some clients send are accepted too.
 */

export const MAX_TEXT = 5_000
const MAX_LIST = 50

/** Minutes arrive as numbers, or as text from a <select>. */
const minutes = (label: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))], `${label} must be a number of minutes`),
      v.number(`${label} must be a number of minutes`),
      v.finite(`${label} must be a number of minutes`),
    ),
  )

/** A list of topics, or the JSON-encoded list the GET answers (a client may echo it back). */
const topics = v.optional(
  v.pipe(
    v.union([v.array(v.string()), v.pipe(v.string(), v.parseJson(), v.array(v.string()))], 'selectedTopics must be a list of topics'),
    v.maxLength(MAX_LIST, `At most ${MAX_LIST} topics`),
    v.everyItem((topic) => topic.length <= 100, 'A topic name is at most 100 characters'),
  ),
)

const optionalDate = v.optional(v.nullable(v.pipe(v.string('Dates must be written YYYY-MM-DD'), v.trim(), v.maxLength(10, 'Dates must be written YYYY-MM-DD'))))

const configEntries = {
  sessionType: v.optional(v.picklist(['TOPIC', 'RECALL'], 'sessionType must be TOPIC or RECALL')),
  selectedTopics: topics,
  readingTime: minutes('readingTime'),
  readingTimeMinutes: minutes('readingTimeMinutes'),
  consultationTime: minutes('consultationTime'),
  consultationTimeMinutes: minutes('consultationTimeMinutes'),
  timingType: v.optional(v.picklist(['COUNTDOWN', 'STOPWATCH'], 'timingType must be COUNTDOWN or STOPWATCH')),
  /** The legacy single date: stands for a one-day range when no range is given. */
  recallDate: optionalDate,
  recallStartDate: optionalDate,
  recallEndDate: optionalDate,
  /** An addition (issue 32): only stations of these types; absent or empty draws any case. */
  stationTypes: v.optional(v.array(v.picklist(STATION_TYPES, `A station type must be one of ${STATION_TYPES.join(', ')}`), 'stationTypes must be a list')),
  /** An addition (issue 32): only stations covering one of these MLA areas; absent or empty draws any case. */
  mlaAreas: v.optional(v.array(v.picklist(MLA_AREAS, 'Unknown MLA area'), 'mlaAreas must be a list')),
  /** An addition (issue 33): a mock exam's circuit; a mock exam draws from every topic. */
  circuit: v.optional(Circuit),
}

type ConfigFields = v.InferOutput<v.ObjectSchema<typeof configEntries, undefined>>

/** The configuration a body asks for, with the spec's defaults (SPEC.md section 3) for what it leaves out. */
function toSessionConfig(body: ConfigFields): SessionConfig {
  const sessionType = body.sessionType ?? 'TOPIC'
  const single = body.recallDate || null
  return {
    sessionType,
    selectedTopics: sessionType === 'TOPIC' ? (body.selectedTopics?.length && !body.circuit ? body.selectedTopics : [RANDOM_TOPIC]) : [],
    recallStartDate: body.recallStartDate || single,
    recallEndDate: body.recallEndDate || single,
    readingTime: body.readingTime ?? body.readingTimeMinutes ?? DEFAULT_READING_TIME,
    consultationTime: body.consultationTime ?? body.consultationTimeMinutes ?? DEFAULT_CONSULTATION_TIME,
    timingType: body.timingType ?? 'COUNTDOWN',
    ...(body.stationTypes?.length ? { stationTypes: STATION_TYPES.filter((type) => body.stationTypes!.includes(type)) } : {}),
    ...(body.mlaAreas?.length ? { mlaAreas: MLA_AREAS.filter((area) => body.mlaAreas!.includes(area)) } : {}),
    ...(body.circuit && sessionType === 'TOPIC' ? { circuit: body.circuit } : {}),
  }
}

export const CreateSessionBody = v.pipe(
  v.object({
    title: v.pipe(
      v.string('Please enter a session title'),
      v.trim(),
      v.nonEmpty('Please enter a session title'),
      v.maxLength(200, 'The session title must be at most 200 characters'),
    ),
    ...configEntries,
    /**
     * An addition to WIRE.md (issue 30): a session made to be planned for later does not leave the user's other
     * sessions; starting it, or listing it for now, does. Absent (the spec's client), creating leaves them.
     */
    keepOtherSessions: v.optional(v.boolean('keepOtherSessions must be true or false'), false),
  }),
  v.transform((body) => ({ title: body.title, config: toSessionConfig(body), keepOtherSessions: body.keepOtherSessions })),
)

export const ConfigureSessionBody = v.pipe(v.object(configEntries), v.transform(toSessionConfig))

export const JoinSessionBody = v.object({
  code: v.pipe(v.string('Please enter a session code'), v.trim(), v.nonEmpty('Please enter a session code'), v.maxLength(20, 'Invalid session code')),
})

/** The spec's client sends the role in lower case; the reference server upper-cased it. */
export const JoinWithRoleBody = v.object({
  role: v.pipe(
    v.string('Please choose a role'),
    v.toUpperCase(),
    v.picklist(['DOCTOR', 'PATIENT', 'OBSERVER'], 'The role must be patient, observer or doctor'),
  ),
})

/** The spec's client sends nothing; a client may name the phase it means to skip (a guard against the clock). */
export const SkipPhaseBody = v.object({
  phase: v.optional(v.picklist(['READING', 'CONSULTATION'], 'phase must be READING or CONSULTATION')),
})

/** Our client names the case it is replacing, so a second click after the first changed it is refused; the spec's sends none. */
export const NewCaseBody = v.object({
  caseId: v.optional(v.pipe(v.number('caseId must be a case id'), v.integer('caseId must be a case id'))),
})

export const SelectNewTopicBody = v.object({
  topic: v.pipe(v.string('Please choose a topic'), v.trim(), v.nonEmpty('Please choose a topic'), v.maxLength(100, 'Unknown topic')),
})

/** Issue 17's additions to the submission, both optional: a judgement (null: not given) and the areas ticked. */
const StationMarkingFields = {
  globalJudgement: v.optional(
    v.nullable(v.picklist(GLOBAL_JUDGEMENTS, (issue) => `Unknown globalJudgement ${issue.received}: it must be ${GLOBAL_JUDGEMENTS.join(', ')}`)),
  ),
  feedbackAreas: v.optional(
    v.nullable(
      v.pipe(
        v.array(v.picklist(FEEDBACK_AREAS, (issue) => `Unknown feedback area ${issue.received}: an area must be ${FEEDBACK_AREAS.join(', ')}`), 'feedbackAreas must be a list'),
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return
          const twice = dataset.value.find((area, index) => dataset.value.indexOf(area) !== index)
          if (twice) addIssue({ message: `feedbackAreas lists ${twice} twice` })
        }),
      ),
    ),
  ),
}

const SCORE_RULE = 'Scores must be whole numbers from 0 to 4'
const score = v.optional(v.nullable(v.pipe(v.number(SCORE_RULE), v.integer(SCORE_RULE), v.minValue(0, SCORE_RULE), v.maxValue(4, SCORE_RULE))), null)
const itemId = v.pipe(v.union([v.string(), v.number()], 'Criterion ids must be text'), v.transform(String), v.maxLength(100, 'Criterion ids must be text'))
const itemName = v.optional(v.pipe(v.string('Criterion names must be text'), v.maxLength(200, 'Criterion names are at most 200 characters')), '')
const MISSING = 'Missing required fields'

export const FeedbackSubmitBody = v.object({
  sessionCode: v.pipe(v.string(MISSING), v.trim(), v.nonEmpty(MISSING), v.maxLength(20, 'Invalid session code')),
  comment: v.pipe(v.string(MISSING), v.maxLength(MAX_TEXT, `The comment must be at most ${MAX_TEXT} characters`)),
  criteriaScores: v.pipe(
    v.array(
      v.object({
        criterionId: itemId,
        criterionName: itemName,
        score,
        subScores: v.optional(
          v.pipe(v.array(v.object({ subCriterionId: itemId, subCriterionName: itemName, score })), v.maxLength(MAX_LIST, 'Too many scores')),
          [],
        ),
      }),
      MISSING,
    ),
    v.maxLength(MAX_LIST, 'Too many scores'),
  ),
  requestNewCase: v.optional(v.nullable(v.boolean('requestNewCase must be true or false')), false),
  requestRoleChange: v.optional(v.nullable(v.boolean('requestRoleChange must be true or false')), false),
  /** Not in the spec (issue 16): the next case with every seat moved on; a client that never sends it sees no change. */
  requestSeatRotation: v.optional(v.nullable(v.boolean('requestSeatRotation must be true or false')), false),
  ...StationMarkingFields,
})

/** The submission's marking, or nothing when the client sent neither field (a client written for the spec). */
export function toStationMarking(body: v.InferOutput<typeof FeedbackSubmitBody>): StationMarking | undefined {
  if (body.globalJudgement === undefined && body.feedbackAreas === undefined) return undefined
  return { globalJudgement: body.globalJudgement ?? null, feedbackAreas: body.feedbackAreas ?? [] }
}

/** The submitted scores as the session's rules take them. */
export function toCriterionScores(body: v.InferOutput<typeof FeedbackSubmitBody>): CriterionScore[] {
  return body.criteriaScores.map((criterion) => ({
    criterionId: criterion.criterionId,
    criterionName: criterion.criterionName,
    score: criterion.score,
    subScores: criterion.subScores.map((sub) => ({ subCriterionId: sub.subCriterionId, subCriterionName: sub.subCriterionName, score: sub.score })),
  }))
}

const ID_RULE = 'must be the id of an item of this station'
const stationItemId = (label: string) => v.pipe(v.string(`${label} ${ID_RULE}`), v.trim(), v.nonEmpty(`${label} ${ID_RULE}`), v.maxLength(60, `${label} ${ID_RULE}`))

/** POST /api/sessions/{code}/checklist-marks (issue 32): the examiner marks one checklist item. */
export const ChecklistMarkBody = v.object({
  itemId: stationItemId('itemId'),
  mark: v.picklist(CHECKLIST_MARKS, `mark must be one of ${CHECKLIST_MARKS.join(', ')}`),
})

/** POST /api/sessions/{code}/revealed-facts (issue 32): the patient ticks a fact as told, or takes the tick back. */
export const RevealedFactBody = v.object({
  factId: stationItemId('factId'),
  revealed: v.boolean('revealed must be true or false'),
})
