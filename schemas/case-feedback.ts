import * as v from 'valibot'

/**
 * What a participant tells about a case after a station (issue 35): how real and how hard it felt, and any
 * problem with it. Both name where the case was played, a round of a session or a station practised alone, and
 * the server finds the case and the version played from there, so nobody rates a case they did not play.
 */

export const SCALE_POINTS = [1, 2, 3, 4, 5] as const
export type ScalePoint = (typeof SCALE_POINTS)[number]

/** Written for candidates: each point of the scale says what it means, so two people mean the same by a 4. */
export const REALISM_LABELS: Record<ScalePoint, string> = {
  1: 'Not like a real patient',
  2: 'Often artificial',
  3: 'Believable enough',
  4: 'Close to a real consultation',
  5: 'Just like a real consultation',
}
export const DIFFICULTY_LABELS: Record<ScalePoint, string> = {
  1: 'Much easier than the exam',
  2: 'A little easier than the exam',
  3: 'About as hard as the exam',
  4: 'A little harder than the exam',
  5: 'Much harder than the exam',
}

const scalePoint = (missing: string, name: string) => {
  const rule = `${name} must be a whole number from 1 to 5`
  return v.pipe(v.number(missing), v.integer(rule), v.minValue(1, rule), v.maxValue(5, rule))
}

export const PROBLEM_KINDS = ['WRONG_FACT', 'UNCLEAR', 'OFFENSIVE', 'OTHER'] as const
export type ProblemKind = (typeof PROBLEM_KINDS)[number]
export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  WRONG_FACT: 'A fact is wrong',
  UNCLEAR: 'Something is unclear',
  OFFENSIVE: 'Something is offensive or inappropriate',
  OTHER: 'Something else',
}

export const DETAILS_MAX = 2000
/** A wrong fact or "something else" tells a reviewer nothing without the reporter's words. */
export const detailsRequired = (kind: ProblemKind): boolean => kind === 'WRONG_FACT' || kind === 'OTHER'
export const DETAILS_NEEDED = 'Please describe the problem, so a reviewer knows what to look for'
export const detailsField = (name: string) =>
  v.optional(v.pipe(v.string(`The ${name} must be text`), v.trim(), v.maxLength(DETAILS_MAX, `The ${name} must be at most ${DETAILS_MAX} characters`)), '')

const CODE_RULE = 'Please give the session code'
const ROUND_RULE = 'round must be a round number'
const STATION_RULE = 'soloStationId must be the id of a station practised alone'
const sessionCode = v.pipe(v.string(CODE_RULE), v.trim(), v.nonEmpty(CODE_RULE), v.maxLength(20, 'Invalid session code'))
const SOURCE_RULE = 'Say where the case was played: a session code and round, or a station practised alone'

/** A round of a session, or a station practised alone: where the case was played. */
export const CaseFeedbackSourceSchema = v.union(
  [
    v.object({ sessionCode, round: v.pipe(v.number(ROUND_RULE), v.integer(ROUND_RULE), v.minValue(1, ROUND_RULE)) }),
    v.object({ soloStationId: v.pipe(v.number(STATION_RULE), v.integer(STATION_RULE), v.minValue(1, STATION_RULE)) }),
  ],
  SOURCE_RULE,
)
export type CaseFeedbackSource = v.InferOutput<typeof CaseFeedbackSourceSchema>

/** The same, as a query string spells it (GET my rating). */
const positiveText = (rule: string) => v.pipe(v.string(rule), v.regex(/^[1-9]\d{0,14}$/, rule), v.transform(Number))
export const CaseFeedbackSourceQuery = v.union(
  [v.object({ sessionCode, round: positiveText(ROUND_RULE) }), v.object({ soloStationId: positiveText(STATION_RULE) })],
  SOURCE_RULE,
)

export const CaseRatingFields = {
  realism: scalePoint('Please choose how real the case felt', 'Realism'),
  difficulty: scalePoint('Please choose how hard the case was', 'Difficulty'),
}
export const CaseRatingBody = v.object({ source: CaseFeedbackSourceSchema, ...CaseRatingFields })
export type CaseRatingInput = v.InferInput<typeof CaseRatingBody>

export const ProblemReportFields = {
  kind: v.picklist(PROBLEM_KINDS, 'Please choose what kind of problem it is'),
  details: detailsField('details'),
}
/** A wrong fact or "something else" needs the reporter's words; said on the details field. */
const detailsGiven = (input: { kind: ProblemKind; details: string }) => !detailsRequired(input.kind) || input.details !== ''
/** The form's own fields, checked in the browser as the server checks them. */
export const ProblemReportForm = v.pipe(v.object(ProblemReportFields), v.forward(v.check((input) => detailsGiven(input), DETAILS_NEEDED), ['details']))
export const ProblemReportBody = v.pipe(
  v.object({ source: CaseFeedbackSourceSchema, ...ProblemReportFields }),
  v.forward(v.check((input) => detailsGiven(input), DETAILS_NEEDED), ['details']),
)
export type ProblemReportInput = v.InferInput<typeof ProblemReportBody>

export const CaseRatingViewSchema = v.object({ realism: v.number(), difficulty: v.number(), ratedAt: v.string() })
export type CaseRatingView = v.InferOutput<typeof CaseRatingViewSchema>
/** The caller's rating of the case played there; null until they give one. */
export const MyCaseRatingSchema = v.object({ rating: v.nullable(CaseRatingViewSchema) })
export const SavedCaseRatingSchema = v.object({ message: v.string(), rating: CaseRatingViewSchema })
