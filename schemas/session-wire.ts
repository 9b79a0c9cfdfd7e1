import type { RoleCaseView } from './case-views.ts'
import type { CriterionScore, Phase, SessionRole, SessionStatus, SessionType, TimingType } from './session/types.ts'

/**
 * What the session API answers and what the live channel sends (WIRE.md sections 3-5), shared by the server,
 * which renders them per recipient, and the web client. Phases, statuses and `userRole` are upper case;
 * a participant's `role` is lower case; durations are seconds; timestamps are epoch ms unless named ISO.
 */

export type LowerRole = 'doctor' | 'patient' | 'observer'

export interface ParticipantView {
  /** The user id as text, beside the numeric `userId`: the spec's client matches either. */
  id: string
  userId: number
  name: string
  role: LowerRole
  isOnline: boolean
  hasCompleted: boolean
  hasGivenFeedback: boolean
  /** Arrived during this case's feedback phase: nothing to score until the next case (not in the reference). */
  joinedAfterConsultation: boolean
}

/** The timing part of a session as the room rebuilds its countdown from it. */
export interface SessionClock {
  /** Seconds left in a timed phase (reading, consultation), else 0. */
  timeRemaining: number
  /** The running timed phase's length in seconds, else 0. */
  totalTime: number
  timerStartTimestamp: number | null
}

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
  fromUserRole: LowerRole | 'unknown'
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

export interface SessionConfigView {
  readingTime: number
  consultationTime: number
  timingType: TimingType
  sessionType: SessionType
  /** JSON-encoded list, as in the GET. */
  selectedTopics: string
}

export interface SessionUpdateMessage extends SessionClock {
  type: 'SESSION_UPDATE'
  sessionCode: string
  title: string
  phase: Phase
  status: SessionStatus
  currentRound: number
  config: SessionConfigView
  participants: ParticipantView[]
  /** Rendered for the recipient's role; absent while the session has no case. */
  selectedCase?: RoleCaseView
}

export interface ParticipantUpdateMessage {
  type: 'PARTICIPANT_UPDATE'
  sessionCode: string
  participants: ParticipantView[]
}

export interface PhaseChangeMessage {
  type: 'PHASE_CHANGE'
  sessionCode: string
  phase: Phase
  startTimestamp: number
  /** Reading or consultation length; 0 for phases the room shows no countdown for. */
  durationSeconds: number
}

export interface TimerStartMessage {
  type: 'TIMER_START'
  sessionCode: string
  phase: 'READING' | 'CONSULTATION'
  durationSeconds: number
  startTimestamp: number
  message: string
}

export interface SessionEndedMessage {
  type: 'SESSION_ENDED'
  sessionCode: string
  reason: string
  /** ISO timestamp. */
  timestamp: string
}

export interface UserLeftMessage {
  type: 'USER_LEFT'
  sessionCode: string
  userId: number
  userName: string
  userRole: LowerRole
}

export interface RoleChangeMessage {
  type: 'ROLE_CHANGE'
  sessionCode: string
  message: string
}

export interface TopicSelectionNeededMessage {
  type: 'TOPIC_SELECTION_NEEDED'
  sessionCode: string
  completedTopic: string
  availableTopics: string[]
  message: string
}

/** Every message on /topic/session/{code}. */
export type LiveMessage =
  | SessionUpdateMessage
  | ParticipantUpdateMessage
  | PhaseChangeMessage
  | TimerStartMessage
  | SessionEndedMessage
  | UserLeftMessage
  | RoleChangeMessage
  | TopicSelectionNeededMessage
