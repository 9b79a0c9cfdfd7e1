import * as v from 'valibot'
import { CircuitViewSchema } from './mock/circuit-view.ts'
import { RecordingViewSchema } from './session/recording-consent.ts'
import type { RoleCaseView } from './case-views.ts'
import { ParticipantViewSchema, PhaseSchema, SessionConfigViewSchema, StationProgressSchema, StatusSchema, TimedPhaseSchema, WireRoleSchema, sessionClockEntries } from './session-wire.ts'

/**
 * What the live channel sends on /topic/session/{code} (WIRE.md section 4), rendered per recipient by the server.
 * Valibot schemas, their types inferred from them: the room checks every message it receives against the very
 * shape the server renders (web/api/live-message.ts).
 */

/**
 * A case as one role may see it (case-views.ts builds it per recipient). Only the fields every view has are
 * checked here; the room reads the role-specific ones defensively (web/session/room/case-content.ts).
 */
const RoleCaseViewSchema = v.custom<RoleCaseView>(
  (value) => v.is(v.looseObject({ id: v.number(), description: v.string() }), value),
  'selectedCase must be a case with an id and a description',
)

const SessionUpdateSchema = v.object({
  type: v.literal('SESSION_UPDATE'),
  sessionCode: v.string(),
  title: v.string(),
  phase: PhaseSchema,
  status: StatusSchema,
  currentRound: v.number(),
  config: SessionConfigViewSchema,
  participants: v.array(ParticipantViewSchema),
  /** Rendered for the recipient's role; absent while the session has no case. */
  selectedCase: v.optional(RoleCaseViewSchema),
  ...sessionClockEntries,
})

const ParticipantUpdateSchema = v.object({
  type: v.literal('PARTICIPANT_UPDATE'),
  sessionCode: v.string(),
  participants: v.array(ParticipantViewSchema),
})

const PhaseChangeSchema = v.object({
  type: v.literal('PHASE_CHANGE'),
  sessionCode: v.string(),
  phase: PhaseSchema,
  startTimestamp: v.number(),
  /** Reading or consultation length; 0 for phases the room shows no countdown for. */
  durationSeconds: v.number(),
})

const TimerStartSchema = v.object({
  type: v.literal('TIMER_START'),
  sessionCode: v.string(),
  phase: TimedPhaseSchema,
  durationSeconds: v.number(),
  startTimestamp: v.number(),
  message: v.string(),
})

const SessionEndedSchema = v.object({
  type: v.literal('SESSION_ENDED'),
  sessionCode: v.string(),
  reason: v.string(),
  /** ISO timestamp. */
  timestamp: v.string(),
})

const UserLeftSchema = v.object({
  type: v.literal('USER_LEFT'),
  sessionCode: v.string(),
  userId: v.number(),
  userName: v.string(),
  userRole: WireRoleSchema,
  /** An addition to WIRE.md (issue 30): why they left, so the leaver's own tab still in the room can say so. */
  reason: v.optional(v.picklist(['LEFT', 'OFFLINE_TOO_LONG', 'JOINED_ANOTHER_SESSION', 'ACCOUNT_DELETED'])),
})

const RoleChangeSchema = v.object({
  type: v.literal('ROLE_CHANGE'),
  sessionCode: v.string(),
  message: v.string(),
})

const TopicSelectionNeededSchema = v.object({
  type: v.literal('TOPIC_SELECTION_NEEDED'),
  sessionCode: v.string(),
  completedTopic: v.string(),
  availableTopics: v.array(v.string()),
  message: v.string(),
})

/**
 * An addition (issue 32): what the patient told and the examiners marked so far in this round, to the patient
 * (facts only) and the observers, never to the doctor (case-reveal.ts). A client that knows only the spec
 * ignores a type it does not know (WIRE.md section 3).
 */
const StationProgressMessageSchema = v.object({
  type: v.literal('STATION_PROGRESS'),
  sessionCode: v.string(),
  round: v.number(),
  /** The session's version after the note: a room keeps the newest it has seen (an HTTP answer may come late). */
  version: v.number(),
  ...StationProgressSchema.entries,
})

/** An addition (issue 33): a mock exam's circuit moved on, paused or resumed; null once a session is set up as no mock. */
const CircuitMessageSchema = v.object({
  type: v.literal('CIRCUIT'),
  sessionCode: v.string(),
  circuit: v.nullable(CircuitViewSchema),
})

/** An addition (issue 34): someone asked to record the room, consented or stopped it; null once stopped. */
const RecordingMessageSchema = v.object({
  type: v.literal('RECORDING'),
  sessionCode: v.string(),
  recording: v.nullable(RecordingViewSchema),
})

/** Every message on /topic/session/{code}. Fields a later server adds are dropped, not refused (WIRE.md: additions are additive). */
export const LiveMessageSchema = v.variant('type', [
  SessionUpdateSchema,
  ParticipantUpdateSchema,
  PhaseChangeSchema,
  TimerStartSchema,
  SessionEndedSchema,
  UserLeftSchema,
  RoleChangeSchema,
  TopicSelectionNeededSchema,
  StationProgressMessageSchema,
  CircuitMessageSchema,
  RecordingMessageSchema,
])

export type SessionUpdateMessage = v.InferOutput<typeof SessionUpdateSchema>
export type ParticipantUpdateMessage = v.InferOutput<typeof ParticipantUpdateSchema>
export type PhaseChangeMessage = v.InferOutput<typeof PhaseChangeSchema>
export type TimerStartMessage = v.InferOutput<typeof TimerStartSchema>
export type SessionEndedMessage = v.InferOutput<typeof SessionEndedSchema>
export type UserLeftMessage = v.InferOutput<typeof UserLeftSchema>
export type RoleChangeMessage = v.InferOutput<typeof RoleChangeSchema>
export type TopicSelectionNeededMessage = v.InferOutput<typeof TopicSelectionNeededSchema>
export type StationProgressMessage = v.InferOutput<typeof StationProgressMessageSchema>
export type CircuitMessage = v.InferOutput<typeof CircuitMessageSchema>
export type LiveMessage = v.InferOutput<typeof LiveMessageSchema>
