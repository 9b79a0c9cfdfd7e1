import * as v from 'valibot'
import { ReliabilitySchema } from './reliability.ts'

/**
 * My partners (issue 36): the people a candidate has practised with, and the invitations of "practise again". A
 * partner is shown by name, exam month and reliability only, never by email.
 */

/** The one answer for anyone not in the caller's list: unknown, removed, blocked either way or suspended alike. */
export const NO_SUCH_PARTNER = 'There is no such partner'

export const PartnerSchema = v.object({
  userId: v.number(),
  name: v.string(),
  examMonth: v.nullable(v.string()),
  /** Rounds (stations) of sessions both took part in. */
  stationsTogether: v.number(),
  /** ISO: the latest of those stations. */
  lastPractisedAt: v.string(),
  reliability: ReliabilitySchema,
})
export type Partner = v.InferOutput<typeof PartnerSchema>

export const PartnerInvitationSchema = v.object({
  id: v.number(),
  /** Whom to block or report from the invitation, if need be. */
  fromUserId: v.number(),
  fromName: v.string(),
  sessionCode: v.string(),
  /** ISO. */
  createdAt: v.string(),
})
export type PartnerInvitation = v.InferOutput<typeof PartnerInvitationSchema>

/** The partner named in the path: a user id. */
export const PartnerParams = v.object({
  userId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'The userId must be a positive whole number'), v.transform(Number)),
})

/** The title of a session made by "practise again": the configure page shows it before the session is read. */
export const practiseAgainTitle = (partnerName: string) => `Practice with ${partnerName}`
