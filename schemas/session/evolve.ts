/**
 * The fold: how each stored event changes the session's state. Pure and total over valid logs, so loading a
 * session, the read-model rebuild and a maintainer replaying a dispute all compute the same state from the same
 * events. A log is folded with a plain `events.reduce(evolve, state)`: the one way the state is ever computed.
 */
import { isLegalMove, mayEndFrom } from './machine.ts'
import type { CircuitProgress } from '../mock/circuit.ts'
import { FORMER_USER, type Participant, type PhaseTimer, type SessionConfig, type SessionEvent, type SessionState, type StationProgress } from './types.ts'
import { progressAfter } from './station-progress.ts'
import { consentAfter } from './recording-fold.ts'

export type SessionEventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>

/** Thrown for a log that no decision could have produced (a bug or a tampered store, never a user error). */
export class CorruptSessionLogError extends Error {
  override name = 'CorruptSessionLogError'
}

export function evolve(state: SessionState | null, event: SessionEvent): SessionState {
  if (event.type === 'SessionCreated') {
    if (state) throw new CorruptSessionLogError('SessionCreated can only start a session log')
    return created(event)
  }
  if (!state) throw new CorruptSessionLogError(`A session log must start with SessionCreated, not ${event.type}`)
  requireLegalMove(state, event)
  return applied(state, changes(state, event))
}

/**
 * A phase starts, or the session ends, only where the session machine allows it (machine.ts): never a silent jump
 * from completed back to reading, or from waiting straight to feedback.
 */
function requireLegalMove(state: SessionState, event: SessionEvent) {
  const legal = event.type === 'PhaseStarted' ? isLegalMove(state.phase, event.phase) : event.type !== 'SessionEnded' || mayEndFrom(state.phase)
  if (legal) return
  const to = event.type === 'PhaseStarted' ? event.phase : 'COMPLETED'
  throw new CorruptSessionLogError(`Session ${state.code}, version ${state.version + 1}: ${event.type} cannot move it from ${state.phase} to ${to}`)
}

const NO_PROGRESS: StationProgress = { marks: [], revealedFacts: [] }

function created(event: SessionEventOf<'SessionCreated'>): SessionState {
  return {
    sessionId: event.sessionId,
    code: event.code,
    title: event.title,
    hostUserId: event.hostUserId,
    createdAt: event.at,
    status: 'CREATED',
    phase: 'WAITING',
    config: event.config,
    currentRound: 1,
    caseId: null,
    caseVersion: null,
    usedCaseIds: [],
    participants: [],
    timer: null,
    caseScored: false,
    topicChoicePending: false,
    endedReason: null,
    madeForLater: event.madeForLater === true,
    stationProgress: NO_PROGRESS,
    circuit: circuitOf(event.config, null),
    recording: null,
    version: 1,
  }
}

/**
 * The state after an event: each field the change's if it has one, else the state's, and the next version.
 * Written out rather than as `{ ...state, ...change }`: the changes come in a dozen shapes, and spreading them
 * made the fold twice as slow (bench/session-load.ts, folding 1,000 events: 0.7-1.3M events/s spread, 1.5-2.7M
 * written out). A field added to SessionState must be added here; the type says so.
 */
function applied(state: SessionState, change: Partial<Omit<SessionState, 'version'>>): SessionState {
  const c = change
  return {
    sessionId: c.sessionId !== undefined ? c.sessionId : state.sessionId,
    code: c.code !== undefined ? c.code : state.code,
    title: c.title !== undefined ? c.title : state.title,
    hostUserId: c.hostUserId !== undefined ? c.hostUserId : state.hostUserId,
    createdAt: c.createdAt !== undefined ? c.createdAt : state.createdAt,
    status: c.status !== undefined ? c.status : state.status,
    phase: c.phase !== undefined ? c.phase : state.phase,
    config: c.config !== undefined ? c.config : state.config,
    currentRound: c.currentRound !== undefined ? c.currentRound : state.currentRound,
    caseId: c.caseId !== undefined ? c.caseId : state.caseId,
    caseVersion: c.caseVersion !== undefined ? c.caseVersion : state.caseVersion,
    usedCaseIds: c.usedCaseIds !== undefined ? c.usedCaseIds : state.usedCaseIds,
    participants: c.participants !== undefined ? c.participants : state.participants,
    timer: c.timer !== undefined ? c.timer : state.timer,
    caseScored: c.caseScored !== undefined ? c.caseScored : state.caseScored,
    topicChoicePending: c.topicChoicePending !== undefined ? c.topicChoicePending : state.topicChoicePending,
    endedReason: c.endedReason !== undefined ? c.endedReason : state.endedReason,
    madeForLater: c.madeForLater !== undefined ? c.madeForLater : state.madeForLater,
    stationProgress: c.stationProgress !== undefined ? c.stationProgress : state.stationProgress,
    circuit: c.circuit !== undefined ? c.circuit : state.circuit,
    recording: c.recording !== undefined ? c.recording : state.recording,
    version: state.version + 1,
  }
}

/** The fields an event changes (the fold copies the state once per event, not once per change). */
function changes(state: SessionState, event: Exclude<SessionEvent, { type: 'SessionCreated' }>): Partial<SessionState> {
  switch (event.type) {
    case 'ParticipantJoined':
      return { participants: joined(state, event) }
    case 'ParticipantLeft': {
      const erased = event.reason === 'ACCOUNT_DELETED' ? { name: FORMER_USER } : {}
      return { participants: updated(state.participants, event.userId, { active: false, ...erased }), recording: consentAfter(state, event) }
    }
    case 'SessionConfigured': {
      const circuit = circuitOf(event.config, state.circuit)
      if (!event.caseReturned) return { config: event.config, circuit }
      return { config: event.config, circuit, caseId: null, caseVersion: null, usedCaseIds: state.usedCaseIds.filter((id) => id !== state.caseId) }
    }
    case 'CaseAssigned':
      return {
        caseId: event.caseId,
        caseVersion: event.caseVersion ?? 1,
        currentRound: event.round,
        usedCaseIds: state.usedCaseIds.includes(event.caseId) ? state.usedCaseIds : [...state.usedCaseIds, event.caseId],
        caseScored: false,
        topicChoicePending: false,
        stationProgress: NO_PROGRESS,
        // Feedback and completion belong to one (case, round): a new case starts everyone afresh. Someone away
        // when it starts has seen none of it until they come back.
        participants: state.participants.map((p) => ({ ...p, hasCompleted: false, hasGivenFeedback: false, nextRoundRequest: null, joinedAfterConsultation: !p.active })),
      }
    case 'TopicAdded': {
      const topics = state.config.selectedTopics
      if (topics.includes(event.topic)) return {}
      return { config: { ...state.config, selectedTopics: [...topics, event.topic] } }
    }
    case 'TopicSelectionNeeded':
      // The doctor answers with SelectNewTopic (or ends the session).
      return { topicChoicePending: true }
    case 'PhaseStarted': {
      const timer = timerOf(event)
      // A mock exam's slot begins with a station's reading or a rest station's clock.
      const beginsSlot = state.circuit !== null && (event.phase === 'READING' || (event.phase === 'WAITING' && timer !== null))
      return {
        phase: event.phase,
        status: event.phase === 'WAITING' || event.phase === 'COMPLETED' ? state.status : 'IN_PROGRESS',
        timer,
        ...(beginsSlot ? { circuit: { slotsBegun: state.circuit!.slotsBegun + 1, paused: null } } : {}),
      }
    }
    case 'CircuitPaused': {
      const { timer } = state
      if (!state.circuit || !timer) throw new CorruptSessionLogError(`Session ${state.code}: CircuitPaused without a running circuit clock`)
      const paused = { reason: event.reason, phase: timer.phase, durationSeconds: timer.durationSeconds, remainingSeconds: event.remainingSeconds, since: event.at }
      return { timer: null, circuit: { ...state.circuit, paused } }
    }
    case 'CircuitResumed': {
      const paused = state.circuit?.paused
      if (!paused) throw new CorruptSessionLogError(`Session ${state.code}: CircuitResumed without a pause`)
      // The clock goes on from where it stopped: as if the phase had started that much before the resume.
      const startTimestamp = event.at - (paused.durationSeconds - paused.remainingSeconds) * 1000
      return { timer: { phase: paused.phase, startTimestamp, durationSeconds: paused.durationSeconds }, circuit: { ...state.circuit!, paused: null } }
    }
    // The round's notes are the examiners' of the round just played: nobody's once the seats have changed (the
    // round's doctor may now sit where the notes are shown).
    case 'RolesSwapped':
      return {
        stationProgress: NO_PROGRESS,
        participants: state.participants.map((p) => {
          if (p.userId === event.newDoctorUserId) return { ...p, role: 'DOCTOR' }
          if (p.userId === event.newPatientUserId) return { ...p, role: 'PATIENT' }
          return p
        }),
      }
    case 'SeatsRotated': {
      const seats = new Map<number, Participant['role']>([
        [event.newDoctorUserId, 'DOCTOR'],
        [event.newPatientUserId, 'PATIENT'],
        [event.newObserverUserId, 'OBSERVER'],
      ])
      return { stationProgress: NO_PROGRESS, participants: state.participants.map((p) => ({ ...p, role: seats.get(p.userId) ?? p.role })) }
    }
    case 'FeedbackSubmitted':
      // A patient or observer scored the case: a doctor skipping into the feedback phase alone does not count.
      return {
        caseScored: true,
        participants: updated(state.participants, event.fromUserId, { hasGivenFeedback: true, hasCompleted: true, nextRoundRequest: event.nextRound ?? null }),
      }
    case 'ParticipantCompleted':
      return { participants: updated(state.participants, event.userId, { hasCompleted: true }) }
    case 'SessionEnded':
      return {
        status: 'COMPLETED',
        phase: 'COMPLETED',
        timer: null,
        topicChoicePending: false,
        endedReason: event.reason,
        circuit: state.circuit && { ...state.circuit, paused: null },
        recording: consentAfter(state, event),
      }
    case 'ChecklistItemMarked':
    case 'FactRevealed':
      return { stationProgress: progressAfter(state.stationProgress, event) }
    case 'RecordingAsked':
    case 'RecordingConsented':
    case 'RecordingStopped':
      return { recording: consentAfter(state, event) }
    default:
      return unreachable(event)
  }
}

/**
 * A returning participant keeps their record (and this round's feedback flags) under the role chosen now. Someone
 * who arrives in the feedback phase, new or back after missing the whole case, has seen none of the consultation
 * being scored; arriving earlier, they see it.
 */
function joined({ participants, phase }: SessionState, event: SessionEventOf<'ParticipantJoined'>): Participant[] {
  const existing = participants.find((p) => p.userId === event.userId)
  if (existing) {
    const missedIt = phase === 'FEEDBACK' && existing.joinedAfterConsultation
    return updated(participants, event.userId, { name: event.name, role: event.role, active: true, joinedAfterConsultation: missedIt })
  }
  return [
    ...participants,
    {
      userId: event.userId,
      name: event.name,
      role: event.role,
      active: true,
      hasCompleted: false,
      hasGivenFeedback: false,
      joinedAfterConsultation: phase === 'FEEDBACK',
      nextRoundRequest: null,
    },
  ]
}

function updated(participants: Participant[], userId: number, change: Partial<Participant>): Participant[] {
  return participants.map((p) => (p.userId === userId ? { ...p, ...change } : p))
}

function timerOf(event: SessionEventOf<'PhaseStarted'>): PhaseTimer | null {
  const { phase } = event
  if (phase === 'COMPLETED' || (phase === 'WAITING' && event.durationSeconds <= 0)) return null
  return { phase, startTimestamp: event.startTimestamp, durationSeconds: event.durationSeconds }
}

/** A mock exam's circuit, kept as it stands while the session is configured before the start; null for any other session. */
function circuitOf(config: SessionConfig, circuit: CircuitProgress | null): CircuitProgress | null {
  if (!config.circuit) return null
  return circuit ?? { slotsBegun: 0, paused: null }
}

function unreachable(event: never): never {
  throw new CorruptSessionLogError(`Unknown session event ${JSON.stringify(event)}`)
}
