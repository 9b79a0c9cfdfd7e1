import * as v from 'valibot'
import type { Interval } from './availability.ts'
import { ReliabilitySchema } from './reliability.ts'

/**
 * "Partners free when I am" (issue 36): what a candidate's card shows of them to another candidate. A name, an
 * exam month, a zone and a reliability record; never an email.
 */

/** At most this many matches in one answer: the most reliable, then the longest overlaps. */
export const MAX_MATCHES = 50

/** GET /api/partners/matches: only exam months near mine unless told otherwise. */
export const MatchesQuery = v.strictObject({
  examNear: v.optional(v.picklist(['true', 'false'], 'examNear must be true or false'), 'true'),
})

/** A time both are free, as ISO instants. */
export const OverlapSchema = v.object({ startsAt: v.string(), endsAt: v.string() })
export type Overlap = v.InferOutput<typeof OverlapSchema>

export const overlapView = (overlap: Interval): Overlap => ({ startsAt: new Date(overlap.startMs).toISOString(), endsAt: new Date(overlap.endMs).toISOString() })

/** GET /api/partners/people/:id: a candidate's public card, with the times in the next week both are free. */
export const PartnerCardSchema = v.object({
  userId: v.number(),
  name: v.string(),
  examMonth: v.nullable(v.string()),
  /** Null for someone who has not set one: their card shows no times in their zone. */
  timeZone: v.nullable(v.string()),
  reliability: ReliabilitySchema,
  overlaps: v.array(OverlapSchema),
})
export type PartnerCard = v.InferOutput<typeof PartnerCardSchema>

/** A match always has a zone: without one a person's hours mean no instants, so they match nobody. */
export const PartnerMatchSchema = v.object({ ...PartnerCardSchema.entries, timeZone: v.string() })
export type PartnerMatch = v.InferOutput<typeof PartnerMatchSchema>

export const MatchesAnswer = v.object({
  matches: v.array(PartnerMatchSchema),
  /** Whether "exam month near mine" was applied: it needs the viewer's own exam month. */
  examNear: v.boolean(),
})
