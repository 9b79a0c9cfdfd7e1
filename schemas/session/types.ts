/**
 * The session's domain model: state, the events stored in its log, and the commands that produce them.
 * Pure data shared by the server (decide + append + fold + project) and the web client (display).
 * Nothing here reads the clock or a random source: both are passed to `decide` and recorded in events.
 */
import type { MlaArea, StationType } from '../station/station.ts'
import type { FeedbackArea, GlobalJudgement } from '../marking.ts'
import type { Circuit, CircuitProgress } from '../mock/circuit.ts'
import type { CriterionScore, StationMarking } from './score-shapes.ts'

export type { CriterionScore, CriterionShape, StationMarking, SubScore } from './score-shapes.ts'
export type { CaseSummary, DecisionContext } from './decision-context.ts'

export type Phase = 'WAITING' | 'READING' | 'CONSULTATION' | 'FEEDBACK' | 'COMPLETED'
/** CANCELLED is in the wire contract (WIRE.md, session JSON) for clients that read it; no event produces it. */
export type SessionStatus = 'CREATED' | 'IN_PROGRESS' | 'COMPLETED' | 'CANCELLED'

/** A session in these states is running: the room is open, it counts on the dashboard and the board, it holds its case. */
export const RUNNING_STATUSES = ['CREATED', 'IN_PROGRESS'] as const satisfies readonly SessionStatus[]
export const isRunning = (status: SessionStatus): boolean => (RUNNING_STATUSES as readonly SessionStatus[]).includes(status)
export type SessionRole = 'DOCTOR' | 'PATIENT' | 'OBSERVER'
export type SessionType = 'TOPIC' | 'RECALL'
export type TimingType = 'COUNTDOWN' | 'STOPWATCH'
/**
 * What a scorer asked to happen after this case (next-round.ts): the next case with the seats as they are, the
 * patient and doctor swapping seats (the spec's role change), or every seat moving on (seat-rotation.ts).
 */
export type NextRoundRequest = 'NEW_CASE' | 'ROLE_CHANGE' | 'SEAT_ROTATION'

export interface SessionConfig {
  sessionType: SessionType
  /** Category names, or 'Random' alone (= any category; see topic-choice.ts). Empty for RECALL sessions. */
  selectedTopics: string[]
  /** yyyy-mm-dd, inclusive; only for RECALL sessions. */
  recallStartDate: string | null
  recallEndDate: string | null
  /** Minutes; fractions allowed (1.5, 7.5). */
  readingTime: number
  consultationTime: number
  timingType: TimingType
  /** Issue 32: only cases that are stations of these types; absent or empty = any case (sessions stored before it). */
  stationTypes?: StationType[]
  /** Issue 32: only stations covering one of these MLA areas; absent or empty = any case. */
  mlaAreas?: MlaArea[]
  /** Issue 33: a mock exam's circuit, which runs by itself (schemas/mock/); absent for every other session. */
  circuit?: Circuit
}

export interface Participant {
  userId: number
  name: string
  role: SessionRole
  /** False once the participant has left; an inactive record is reactivated by joining again. */
  active: boolean
  hasCompleted: boolean
  hasGivenFeedback: boolean
  /**
   * Joined (or came back) during this case's feedback phase having missed the whole case, so saw none of the
   * consultation being scored: nothing to score (or to wait for) until the next case. Also true of someone away
   * when the case began, until they return.
   */
  joinedAfterConsultation: boolean
  /** What this participant's feedback on the current case asked for; null until then, and with every new case. */
  nextRoundRequest: NextRoundRequest | null
}

/** A running phase clock: the deadline is startTimestamp + durationSeconds * 1000 (epoch ms). */
export interface PhaseTimer {
  /** WAITING: a mock exam's rest station (issue 33); a session's other waits have no clock. */
  phase: 'WAITING' | 'READING' | 'CONSULTATION' | 'FEEDBACK'
  startTimestamp: number
  durationSeconds: number
}

export interface SessionState {
  sessionId: number
  code: string
  title: string
  hostUserId: number
  createdAt: number
  status: SessionStatus
  phase: Phase
  config: SessionConfig
  currentRound: number
  caseId: number | null
  caseVersion: number | null
  usedCaseIds: number[]
  participants: Participant[]
  /** The deadline the server must enforce, or null when no phase ends by itself. */
  timer: PhaseTimer | null
  /** Someone has submitted feedback on the current case: only then may its doctor see the script and mark scheme. */
  caseScored: boolean
  /** The current topic ran out and the doctor has not chosen another yet (TopicSelectionNeeded). */
  topicChoicePending: boolean
  endedReason: string | null
  /**
   * Made to be planned for later (issue 30): creating it left none of its host's other sessions, so starting it
   * does.
   */
  madeForLater: boolean
  /** What the patient and the examiner noted during the current round of a station case (issue 32). */
  stationProgress: StationProgress
  /** A mock exam's progress through its circuit (issue 33); null for every other session. */
  circuit: CircuitProgress | null
  /** Someone asked to record the room, and who has consented (issue 34, recording-consent.ts); null when nobody has. */
  recording: RecordingConsent | null
  /** The session log's version this state reflects (number of events folded). */
  version: number
}

export interface RecordingConsent {
  askedBy: number
  /** Those who consented, the asker first; someone who leaves is taken off. */
  consented: number[]
}

/** How the examiner saw a checklist item done. */
export const CHECKLIST_MARKS = ['DONE', 'PARTLY', 'NOT_DONE'] as const
export type ChecklistMark = (typeof CHECKLIST_MARKS)[number]

/**
 * The current round's marks and revealed facts, each with the second of the consultation it was noted at (null
 * once the consultation is over): emptied when a case is assigned. Never shown to the round's doctor before the
 * round is over (case-reveal.ts).
 */
export interface StationProgress {
  /** Each examiner's latest mark per checklist item. */
  marks: Array<{ userId: number; itemId: string; mark: ChecklistMark; second: number | null }>
  /** The facts the patient has told, in the order told. */
  revealedFacts: Array<{ factId: string; second: number | null }>
}

/** Stored events. Every value a replay needs (times, chosen case, durations) is inside the event. */
export type SessionEvent =
  | { type: 'SessionCreated'; sessionId: number; code: string; title: string; hostUserId: number; hostName: string; config: SessionConfig; madeForLater?: true; at: number }
  | { type: 'ParticipantJoined'; userId: number; name: string; role: SessionRole; at: number }
  | { type: 'ParticipantLeft'; userId: number; reason: LeaveReason; at: number }
  /** caseReturned: the case held before the start no longer fits the settings, and goes back unplayed (issue 30). */
  | { type: 'SessionConfigured'; config: SessionConfig; caseReturned?: true; at: number }
  /** caseVersion: the version drawn, played to the end whatever edits follow (issue 35); absent in older logs: 1. */
  | { type: 'CaseAssigned'; caseId: number; caseVersion?: number; round: number; at: number }
  | { type: 'TopicAdded'; topic: string; at: number }
  | { type: 'TopicSelectionNeeded'; completedTopic: string; availableTopics: string[]; at: number }
  | { type: 'PhaseStarted'; phase: Phase; startTimestamp: number; durationSeconds: number; at: number }
  | { type: 'RolesSwapped'; newDoctorUserId: number; newPatientUserId: number; at: number }
  /** Every seat moved on (seat-rotation.ts); added by issue 16, so older logs simply never hold one. */
  | { type: 'SeatsRotated'; newDoctorUserId: number; newPatientUserId: number; newObserverUserId: number; at: number }
  | {
      type: 'FeedbackSubmitted'
      fromUserId: number
      fromRole: SessionRole
      toUserId: number
      caseId: number
      round: number
      comment: string
      criteriaScores: CriterionScore[]
      overallPerformance: number
      /** Absent in events stored before the exam's marking (issue 17); null when not given. */
      globalJudgement?: GlobalJudgement | null
      feedbackAreas?: FeedbackArea[]
      /**
       * What the giver asked for next; absent when nothing was asked, and in events stored before issue 29 (whose
       * requests were acted on at once, so the events that followed hold their outcome).
       */
      nextRound?: NextRoundRequest
      at: number
    }
  | { type: 'ParticipantCompleted'; userId: number; at: number }
  | { type: 'SessionEnded'; reason: string; at: number }
  /** Issue 32: an examiner marked a checklist item; `second`: of the consultation, null after it. */
  | { type: 'ChecklistItemMarked'; userId: number; round: number; caseId: number; itemId: string; mark: ChecklistMark; second: number | null; at: number }
  /** Issue 32: the patient told a fact of their script (or took the tick back: revealed false). */
  | { type: 'FactRevealed'; userId: number; round: number; caseId: number; factId: string; revealed: boolean; second: number | null; at: number }
  /** Issue 33: the host paused a mock exam's clock, with what was left of the running phase. */
  | { type: 'CircuitPaused'; reason: string; remainingSeconds: number; at: number }
  | { type: 'CircuitResumed'; at: number }
  /** Issue 34: asking to record the room is consenting; recording runs once everyone in the room has consented. */
  | { type: 'RecordingAsked'; userId: number; at: number }
  | { type: 'RecordingConsented'; userId: number; at: number }
  /** Anyone's stop (or refusal) ends it for everyone, and every consent with it. */
  | { type: 'RecordingStopped'; userId: number; at: number }

export type SessionEventType = SessionEvent['type']

/**
 * ACCOUNT_DELETED: the participant deleted their account (issue 16). The fold then names them FORMER_USER, and a
 * session they host ends; they leave sessions they had already left too, so no instance's state keeps the name.
 * SUSPENDED: an admin suspended the account (issue 36): a session they host ends as it does for a deleted
 * account, whatever seat they hold; their name stays. The room is told only that they left (live-messages.ts).
 */
export type LeaveReason = 'LEFT' | 'OFFLINE_TOO_LONG' | 'JOINED_ANOTHER_SESSION' | 'ACCOUNT_DELETED' | 'SUSPENDED'

/** How a deleted account is named wherever its name was (feedback it gave, the session log, the rooms). */
export const FORMER_USER = 'Former user'

export interface Actor {
  userId: number
  name: string
  isAdmin: boolean
}

/** Commands, as the routes (and the timer service) issue them after validating the request body. */
export type SessionCommand =
  | { type: 'Create'; sessionId: number; code: string; title: string; config: SessionConfig; madeForLater?: true }
  | { type: 'JoinWithRole'; role: 'PATIENT' | 'OBSERVER' | 'DOCTOR' }
  | { type: 'Configure'; config: SessionConfig }
  /**
   * The host's start (or the next round's doctor's). `onceEveryoneIn`: the server's own, when the last seat of
   * the waiting round came into the room; it starts nothing unless everyone is in (next-round.ts).
   */
  | { type: 'Start'; onceEveryoneIn?: true }
  | { type: 'SkipPhase' }
  | { type: 'NewCase' }
  | { type: 'SelectNewTopic'; topic: string }
  | {
      type: 'SubmitFeedback'
      comment: string
      criteriaScores: CriterionScore[]
      requestNewCase: boolean
      requestRoleChange: boolean
      /** The next case with every seat moved on (seat-rotation.ts): asks for the next case by itself. */
      requestSeatRotation: boolean
      /** Absent when the client sent neither of its fields (a client written for the spec). */
      marking?: StationMarking
    }
  | { type: 'Complete' }
  | { type: 'MarkChecklistItem'; itemId: string; mark: ChecklistMark }
  | { type: 'RevealFact'; factId: string; revealed: boolean }
  | { type: 'PauseCircuit'; reason: string }
  | { type: 'ResumeCircuit' }
  | { type: 'AskToRecord' }
  | { type: 'ConsentToRecording' }
  | { type: 'StopRecording' }
  | { type: 'Leave'; reason: LeaveReason }
  | { type: 'End' }
  /** Issued by the timer service, never by a user: ends the phase whose deadline passed. */
  | { type: 'ExpireTimer'; phase: PhaseTimer['phase']; startTimestamp: number }

/** A refused command: the HTTP status and the message the client shows. */
export class SessionRuleError extends Error {
  override name = 'SessionRuleError'
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

/** Fixed durations of the rules (WIRE.md section 6). */
export const FEEDBACK_TIMEOUT_SECONDS = 20 * 60
export const RANDOM_TOPIC = 'Random'
