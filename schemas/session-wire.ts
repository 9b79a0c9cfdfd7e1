import { CircuitViewSchema } from './mock/circuit-view.ts'
import { RecordingViewSchema } from './session/recording-consent.ts'
import * as v from 'valibot'
import { RoleCaseViewSchema } from './case-views.ts'
import { CHECKLIST_MARKS, type CriterionScore, type NextRoundRequest, type Phase, type SessionRole, type SessionStatus, type SessionType, type SubScore, type TimingType } from './session/types.ts'
import { GRADES, type DomainScore } from './session/station-result.ts'
import { MLA_AREAS, STATION_TYPES } from './station/station.ts'
import { DOMAINS, FEEDBACK_AREAS, GLOBAL_JUDGEMENTS } from './marking.ts'

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

const SubScoreSchema: v.GenericSchema<SubScore> = v.object({ subCriterionId: v.string(), subCriterionName: v.string(), score: v.nullable(v.number()) })

/** A criterion's score as given (types.ts); `domain` copied from the case at submission, absent in older feedback. */
export const CriterionScoreSchema: v.GenericSchema<CriterionScore> = v.object({
  criterionId: v.string(),
  criterionName: v.string(),
  domain: v.optional(v.nullable(v.picklist(DOMAINS))),
  score: v.nullable(v.number()),
  subScores: v.array(SubScoreSchema),
})

export const DomainScoreSchema: v.GenericSchema<DomainScore> = v.object({
  domain: v.picklist(DOMAINS),
  mean: v.nullable(v.number()),
  grade: v.nullable(v.picklist(GRADES)),
  points: v.nullable(v.number()),
  criteriaCount: v.number(),
})

export const SessionRoleSchema = v.picklist(['DOCTOR', 'PATIENT', 'OBSERVER'] as const satisfies readonly SessionRole[])

/** The current round's notes of a station (types.ts StationProgress), as a role may see them. */
export const StationProgressSchema = v.object({
  marks: v.array(v.object({ userId: v.number(), itemId: v.string(), mark: v.picklist(CHECKLIST_MARKS), second: v.nullable(v.number()) })),
  revealedFacts: v.array(v.object({ factId: v.string(), second: v.nullable(v.number()) })),
})
export type StationProgressView = v.InferOutput<typeof StationProgressSchema>

/** GET /api/sessions/{code}; also the `session` of the create, configure and join-with-role answers. */
export const SessionDetailsSchema = v.object({
  id: v.number(),
  code: v.string(),
  title: v.string(),
  status: StatusSchema,
  phase: PhaseSchema,
  sessionType: SessionTypeSchema,
  timingType: TimingTypeSchema,
  readingTime: v.number(),
  consultationTime: v.number(),
  /** JSON-encoded list: the spec's client JSON.parses it. */
  selectedTopics: v.string(),
  recallStartDate: v.nullable(v.string()),
  recallEndDate: v.nullable(v.string()),
  ...sessionClockEntries,
  currentRound: v.number(),
  userRole: v.nullable(SessionRoleSchema),
  isHost: v.boolean(),
  selectedCase: v.nullable(RoleCaseViewSchema),
  participants: v.array(ParticipantViewSchema),
  /** ISO timestamps. */
  createdAt: v.string(),
  startTime: v.nullable(v.string()),
  endTime: v.nullable(v.string()),
  /** An addition to WIRE.md (issue 30): why an ended session ended, so a page opened later can say why. */
  endedReason: v.nullable(v.string()),
  /** An addition (issue 32): the station types the session draws from; empty = any case. */
  stationTypes: v.array(v.picklist(STATION_TYPES)),
  /** An addition (issue 32): the MLA areas the session draws from; empty = any case. */
  mlaAreas: v.array(v.picklist(MLA_AREAS)),
  /** An addition (issue 32): the round's notes so far, for the patient and observers of a station; null for the doctor. */
  stationProgress: v.nullable(StationProgressSchema),
  /** An addition (issue 33): a mock exam's circuit; null for every other session. */
  circuit: v.nullable(CircuitViewSchema),
  /** An addition (issue 34): who asked to record the room and who has consented; null when nobody asked. */
  recording: v.nullable(RecordingViewSchema),
})
export type SessionDetails = v.InferOutput<typeof SessionDetailsSchema>

export const JoinAnswerSchema = v.object({
  sessionCode: v.string(),
  title: v.string(),
  availableRoles: v.array(v.picklist(['PATIENT', 'OBSERVER'])),
  participants: v.array(ParticipantViewSchema),
  userRole: v.nullable(SessionRoleSchema),
  isHost: v.boolean(),
})
export type JoinAnswer = v.InferOutput<typeof JoinAnswerSchema>

/** GET /api/sessions/user/active. */
export const ActiveSessionItemSchema = v.object({
  id: v.number(),
  title: v.string(),
  code: v.string(),
  status: StatusSchema,
  phase: PhaseSchema,
  createdAt: v.string(),
  startTime: v.nullable(v.string()),
  userRole: SessionRoleSchema,
  isHost: v.boolean(),
  participantCount: v.number(),
  /**
   * An addition to WIRE.md: the names of the others still in the session, in the order they joined, so that
   * creating or joining another session can say whom leaving affects. Names only, never emails.
   */
  otherParticipants: v.array(v.string()),
  /**
   * An addition (issue 30): a planned slot still to come, its time (ISO), else null. Its room opens then, and
   * creating or joining another session does not leave it.
   */
  plannedStartsAt: v.nullable(v.string()),
})
export type ActiveSessionItem = v.InferOutput<typeof ActiveSessionItemSchema>

export const ObserverFeedbackStatusSchema = v.object({ hasObserver: v.boolean(), observerHasGivenFeedback: v.boolean(), observerCount: v.number() })
export type ObserverFeedbackStatus = v.InferOutput<typeof ObserverFeedbackStatusSchema>

/** Who gave feedback, as the doctor's lists name them: a role, or 'unknown' for a role no longer known. */
export const GiverRoleSchema = v.picklist([...WireRoleSchema.options, 'unknown'])

/** GET /api/feedback/received, newest first. */
export const FeedbackReceivedItemSchema = v.object({
  id: v.number(),
  sessionId: v.number(),
  sessionCode: v.string(),
  sessionTitle: v.string(),
  fromUser: v.string(),
  /** Always null: the giver's email is not shown to the doctor they scored. */
  fromUserEmail: v.null(),
  fromUserRole: GiverRoleSchema,
  toUser: v.string(),
  toUserEmail: v.nullable(v.string()),
  comment: v.string(),
  overallPerformance: v.number(),
  /** ISO timestamp. */
  timestamp: v.string(),
  criteriaScores: v.array(CriterionScoreSchema),
  roundNumber: v.number(),
  caseTitle: v.string(),
  caseId: v.nullable(v.number()),
  category: v.string(),
  /** Additions to WIRE.md (issue 17, docs/exam-marking.md): the station result derived from the scores at submission. */
  domainScores: v.array(DomainScoreSchema),
  /** 0-12, the sum of the three domain points; null unless all three domains were graded. */
  stationScore: v.nullable(v.number()),
  /** Null when not given (always for a client that does not send it). */
  globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS)),
  feedbackAreas: v.array(v.picklist(FEEDBACK_AREAS)),
})
export type FeedbackReceivedItem = v.InferOutput<typeof FeedbackReceivedItemSchema>

/** GET /api/admin/sessions/{code}/events: the log as a maintainer reads it. */
export const TimelineEntrySchema = v.object({
  version: v.number(),
  type: v.string(),
  /** ISO time the event was recorded. */
  at: v.string(),
  actor: v.nullable(v.object({ id: v.number(), name: v.string() })),
  phaseAfter: PhaseSchema,
  payload: v.record(v.string(), v.unknown()),
})
export type TimelineEntry = v.InferOutput<typeof TimelineEntrySchema>

export const SessionConfigViewSchema = v.object({
  readingTime: v.number(),
  consultationTime: v.number(),
  timingType: TimingTypeSchema,
  sessionType: SessionTypeSchema,
  /** JSON-encoded list, as in the GET. */
  selectedTopics: v.string(),
})
export type SessionConfigView = v.InferOutput<typeof SessionConfigViewSchema>
