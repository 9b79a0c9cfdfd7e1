import * as v from 'valibot'
import { CATEGORY_NAME_MAX, RecallDate } from './content.ts'
import { DIFFICULTIES, MLA_AREAS, STATION_TYPES } from './station/station.ts'
import { caseAttributionEntries } from './practice-material.ts'

/**
 * Find a case (issue 35): the filters reviewers and candidates search the bank with, and what each is answered.
 * A query arrives as the text of a URL query string (the web page keeps the same keys in its own address), every
 * filter optional. Reviewers search everything; a candidate searches only what they read before a station and is
 * never answered a title, script or checklist (server/case-search/).
 */

export const SEARCH_TEXT_MAX = 200
export const CASE_PAGE_SIZE = 20
/** Enough for the admin's whole list in one answer: the bank holds a few hundred cases. */
export const CASE_PAGE_SIZE_MAX = 500
export const RATING_MAX = 5

export const REVERSED_RECALL_RANGE = 'The recall date "from" must be on or before the date "to"'
const PAGE_RULE = 'page must be a whole number, 0 or more'
const PAGE_SIZE_RULE = `pageSize must be a whole number from 1 to ${CASE_PAGE_SIZE_MAX}`
const REALISM_RULE = `minRealism must be a number from 1 to ${RATING_MAX}, with at most one decimal`

const wholeNumber = (rule: string, min: number, max: number) => v.pipe(v.string(rule), v.regex(/^\d{1,9}$/, rule), v.transform(Number), v.minValue(min, rule), v.maxValue(max, rule))

export const CaseSearchQuery = v.pipe(
  v.object({
    q: v.optional(v.pipe(v.string('The search must be text'), v.trim(), v.maxLength(SEARCH_TEXT_MAX, `The search must be at most ${SEARCH_TEXT_MAX} characters`))),
    /** A category's name, or its id. */
    topic: v.optional(v.pipe(v.string('The topic must be text'), v.trim(), v.nonEmpty('Choose a topic'), v.maxLength(CATEGORY_NAME_MAX, 'That is not one of the topics'))),
    stationType: v.optional(v.picklist(STATION_TYPES, 'Choose one of the station types')),
    mlaArea: v.optional(v.picklist(MLA_AREAS, 'Choose one of the MLA areas')),
    difficulty: v.optional(v.picklist(DIFFICULTIES, `The difficulty must be one of ${DIFFICULTIES.join(', ')}`)),
    /** The least mean realism its raters gave; a case nobody rated has none, so it is left out. */
    minRealism: v.optional(v.pipe(v.string(REALISM_RULE), v.regex(/^\d(\.\d)?$/, REALISM_RULE), v.transform(Number), v.minValue(1, REALISM_RULE), v.maxValue(RATING_MAX, REALISM_RULE))),
    /** A case recalled on a date from recallFrom to recallTo, both included; either end may be open. */
    recallFrom: v.optional(RecallDate),
    recallTo: v.optional(RecallDate),
    /** Only cases the caller has never played as the doctor, in a session or alone. */
    notPlayedByMe: v.optional(v.pipe(v.picklist(['true', 'false'], 'notPlayedByMe must be true or false'), v.transform((text) => text === 'true'))),
    page: v.optional(wholeNumber(PAGE_RULE, 0, 1_000_000), '0'),
    pageSize: v.optional(wholeNumber(PAGE_SIZE_RULE, 1, CASE_PAGE_SIZE_MAX), String(CASE_PAGE_SIZE)),
  }),
  v.forward(
    v.check((query) => !query.recallFrom || !query.recallTo || query.recallFrom <= query.recallTo, REVERSED_RECALL_RANGE),
    ['recallTo'],
  ),
)
export type CaseSearchQueryIn = v.InferInput<typeof CaseSearchQuery>
export type CaseSearch = v.InferOutput<typeof CaseSearchQuery>

/** What its raters said of a case (1-5 each); the means are null until someone rated it. */
export const CaseRatingsSchema = v.object({ count: v.number(), meanRealism: v.nullable(v.number()), meanDifficulty: v.nullable(v.number()) })
export type CaseRatings = v.InferOutput<typeof CaseRatingsSchema>

/** What both audiences see of a case: how it is filed, never what happens in it. */
const filed = {
  id: v.number(),
  topic: v.string(),
  mlaAreas: v.array(v.picklist(MLA_AREAS)),
  /** yyyy-mm-dd, ascending. */
  recallDates: v.array(v.string()),
  ratings: CaseRatingsSchema,
}

/** A reviewer's hit: the whole of what they need to choose a case to work on; `rank` orders a text search. */
export const ReviewerCaseHitSchema = v.object({
  ...filed,
  title: v.string(),
  description: v.string(),
  /** Null: a case written in the older shape, before stations. */
  stationType: v.nullable(v.picklist(STATION_TYPES)),
  difficulty: v.nullable(v.picklist(DIFFICULTIES)),
  version: v.number(),
  /** Null: not contributed, or its contributor chose to stay anonymous. */
  contributorName: v.nullable(v.string()),
  /** Problem reports about it still waiting for a reviewer. */
  openProblems: v.number(),
  rank: v.number(),
})
export type ReviewerCaseHit = v.InferOutput<typeof ReviewerCaseHitSchema>

/**
 * A case as a candidate finds it: only what the exam's own timetable would tell them before a station (its type,
 * topic and areas), never the title (which names the diagnosis), description, scripts or checklist.
 */
export const BankCaseSchema = v.object({
  ...filed,
  stationType: v.picklist(STATION_TYPES),
  difficulty: v.picklist(DIFFICULTIES),
  telephone: v.boolean(),
  playedByMe: v.boolean(),
  /** Where it comes from, for the card to say it is practice material (practice-material.ts). */
  ...caseAttributionEntries,
})
export type BankCase = v.InferOutput<typeof BankCaseSchema>

/** One page of hits, with how many match in all. */
const pageOf = <S extends v.GenericSchema>(hit: S) => v.object({ cases: v.array(hit), total: v.number(), page: v.number(), pageSize: v.number() })
export const ReviewerCasePageSchema = pageOf(ReviewerCaseHitSchema)
export const BankCasePageSchema = pageOf(BankCaseSchema)
export type BankCasePage = v.InferOutput<typeof BankCasePageSchema>

/** The ratings in words, the same in the admin's list and on a candidate's card. */
export function ratingsText(ratings: CaseRatings): string {
  if (ratings.count === 0 || ratings.meanRealism === null || ratings.meanDifficulty === null) return 'Not rated yet'
  const count = `${ratings.count} ${ratings.count === 1 ? 'rating' : 'ratings'}`
  return `Realism ${ratings.meanRealism.toFixed(1)}/${RATING_MAX}, difficulty ${ratings.meanDifficulty.toFixed(1)}/${RATING_MAX} (${count})`
}
