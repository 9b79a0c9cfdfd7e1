import * as v from 'valibot'
import type { RoleCaseView } from './case-views.ts'
import type { CriterionScore, NextRoundRequest, Phase, SessionRole, SessionStatus, SessionType, TimingType } from './session/types.ts'
import type { DomainScore } from './session/station-result.ts'
import type { FeedbackArea, GlobalJudgement } from './marking.ts'

/**
 * What the session API answers and what the live channel sends (WIRE.md sections 3-5), shared by the server,
 * which renders them per recipient, and the web client. Phases, statuses and `userRole` are upper case;
 * a participant's `role` is lower case; durations are seconds; timestamps are epoch ms unless named ISO.
 * The live channel's messages are in session-live.ts.
 */

export type WireRole = 'doctor' | 'patient' | 'observer'

/** A participant's role as the session's rules name it, and back as the wire spells it. */
export const fromWireRole = (role: WireRole): SessionRole => role.toUpperCase() as SessionRole
export const toWireRole = (role: SessionRole): WireRole => role.toLowerCase() as WireRole

export const WireRoleSchema = v.picklist(['doctor', 'patient', 'observer'] as const satisfies readonly WireRole[])
export const PhaseSchema = v.picklist(['WAITING', 'READING', 'CONSULTATION', 'FEEDBACK', 'COMPLETED'] as const satisfies readonly Phase[])
export const TimedPhaseSchema = v.picklist(['READING', 'CONSULTATION'] as const satisfies readonly Phase[])
export const StatusSchema = v.picklist(['CREATED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const satisfies readonly SessionStatus[])
const SessionTypeSchema = v.picklist(['TOPIC', 'RECALL'] as const satisfies readonly SessionType[])
const TimingTypeSchema = v.picklist(['COUNTDOWN', 'STOPWATCH'] as const satisfies readonly TimingType[])

export const ParticipantViewSchema = v.object({
  /** The user id as text, beside the numeric `userId`: the spec's client matches either. */
  id: v.string(),
  userId: v.number(),
  name: v.string(),
  role: WireRoleSchema,
  isOnline: v.boolean(),
  hasCompleted: v.boolean(),
  hasGivenFeedback: v.boolean(),
  /** Arrived during this case's feedback phase: nothing to score until the next case (not in the reference). */
  joinedAfterConsultation: v.boolean(),
  /** What their feedback on this case asked for next (issue 29); null before it, or when it asked for nothing. */
  nextRoundRequest: v.nullable(v.picklist(['NEW_CASE', 'ROLE_CHANGE', 'SEAT_ROTATION'] as const satisfies readonly NextRoundRequest[])),
})
export type ParticipantView = v.InferOutput<typeof ParticipantViewSchema>

/** The timing part of a session as the room rebuilds its countdown from it. */
export const sessionClockEntries = {
  /** Seconds left in a timed phase (reading, consultation), else 0. */
  timeRemaining: v.number(),
  /** The running timed phase's length in seconds, else 0. */
  totalTime: v.number(),
  timerStartTimestamp: v.nullable(v.number()),
}
export type SessionClock = v.InferOutput<v.ObjectSchema<typeof sessionClockEntries, undefined>>

/** GET /api/sessions/{code}; also the `session` of the create, configure and join-with-role answers. */
export interface SessionDetails extends SessionClock {
  id: number
  code: string
  title: string
  status: SessionStatus
  phase: Phase
  sessionType: SessionType
  timingType: TimingType
  readingTime: number
  consultationTime: number
  /** JSON-encoded list: the spec's client JSON.parses it. */
  selectedTopics: string
  recallStartDate: string | null
  recallEndDate: string | null
  currentRound: number
  userRole: SessionRole | null
  isHost: boolean
  selectedCase: RoleCaseView | null
  participants: ParticipantView[]
  /** ISO timestamps. */
  createdAt: string
  startTime: string | null
  endTime: string | null
  /** An addition to WIRE.md (issue 30): why an ended session ended, so a page opened later can say why. */
  endedReason: string | null
}

export interface JoinAnswer {
  sessionCode: string
  title: string
  availableRoles: Array<'PATIENT' | 'OBSERVER'>
  participants: ParticipantView[]
  userRole: SessionRole | null
  isHost: boolean
}

/** GET /api/sessions/user/active. */
export interface ActiveSessionItem {
  id: number
  title: string
  code: string
  status: SessionStatus
  phase: Phase
  createdAt: string
  startTime: string | null
  userRole: SessionRole
  isHost: boolean
  participantCount: number
  /**
   * An addition to WIRE.md: the names of the others still in the session, in the order they joined, so that
   * creating or joining another session can say whom leaving affects. Names only, never emails.
   */
  otherParticipants: string[]
  /**
   * An addition (issue 30): a planned slot still to come, its time (ISO), else null. Its room opens then, and
   * creating or joining another session does not leave it.
   */
  plannedStartsAt: string | null
}

export interface ObserverFeedbackStatus {
  hasObserver: boolean
  observerHasGivenFeedback: boolean
  observerCount: number
}

/** GET /api/feedback/received, newest first. */
export interface FeedbackReceivedItem {
  id: number
  sessionId: number
  sessionCode: string
  sessionTitle: string
  fromUser: string
  /** Always null: the giver's email is not shown to the doctor they scored. */
  fromUserEmail: null
  fromUserRole: WireRole | 'unknown'
  toUser: string
  toUserEmail: string | null
  comment: string
  overallPerformance: number
  /** ISO timestamp. */
  timestamp: string
  criteriaScores: CriterionScore[]
  roundNumber: number
  caseTitle: string
  caseId: number | null
  category: string
  /** Additions to WIRE.md (issue 17, docs/exam-marking.md): the station result derived from the scores at submission. */
  domainScores: DomainScore[]
  /** 0-12, the sum of the three domain points; null unless all three domains were graded. */
  stationScore: number | null
  /** Null when not given (always for a client that does not send it). */
  globalJudgement: GlobalJudgement | null
  feedbackAreas: FeedbackArea[]
}

/** GET /api/admin/sessions/{code}/events: the log as a maintainer reads it. */
export interface TimelineEntry {
  version: number
  type: string
  /** ISO time the event was recorded. */
  at: string
  actor: { id: number; name: string } | null
  phaseAfter: Phase
  payload: Record<string, unknown>
}

export const SessionConfigViewSchema = v.object({
  readingTime: v.number(),
  consultationTime: v.number(),
  timingType: TimingTypeSchema,
  sessionType: SessionTypeSchema,
  /** JSON-encoded list, as in the GET. */
  selectedTopics: v.string(),
})
export type SessionConfigView = v.InferOutput<typeof SessionConfigViewSchema>
