/**
 * What the room knows about its session, and how the GET snapshot and each live message change it (SPEC
 * section 4, room reactions). Pure functions: the room machine (room-machine.ts) only wraps them. The phase
 * is the one thing they do not decide themselves: room-phase.ts does.
 */
import type { CircuitView } from '../../../schemas/mock/circuit-view.ts'
import type { RecordingView } from '../../../schemas/session/recording-consent.ts'
import type { RoleCaseView } from '../../../schemas/case-views.ts'
import type { Phase, SessionStatus, SessionType, TimingType } from '../../../schemas/session/types.ts'
import { toWireRole, type ParticipantView, type SessionDetails, type StationProgressView, type WireRole } from '../../../schemas/session-wire.ts'
import { type LiveMessage } from '../../../schemas/session-live.ts'
import { showsClock, type ClockPhase } from '../../../schemas/session/clock.ts'
import { phaseDurationSeconds } from '../../../schemas/session/config-rules.ts'
import { INITIAL_PHASE, phaseAfter } from './room-phase.ts'
import { startFromRemaining } from './timer.ts'

export interface RoomTimer {
  phase: ClockPhase
  startTimestamp: number
  durationSeconds: number
}

export interface RoomConfig {
  readingTime: number
  consultationTime: number
  timingType: TimingType
  sessionType: SessionType
  selectedTopics: string[]
}

export interface TopicChoice {
  completedTopic: string
  availableTopics: string[]
}

export interface RoomSession {
  code: string
  title: string
  /** Only ever set through phaseAfter (room-phase.ts). */
  phase: Phase
  status: SessionStatus
  currentRound: number
  /** Lower case, as participants carry it; null for someone no longer in the room. */
  role: WireRole | null
  isHost: boolean
  participants: ParticipantView[]
  config: RoomConfig
  selectedCase: RoleCaseView | null
  timer: RoomTimer | null
  /** Start of the latest reading phase seen: a new reading phase starts a fresh feedback form. */
  readingStartedAt: number | null
  /** Open while the doctor must pick another topic (TOPIC_SELECTION_NEEDED). */
  topicChoice: TopicChoice | null
  /** The round's notes of a station as this seat sees them (issue 32); null for the doctor or an older case. */
  stationProgress: StationProgressView | null
  /** The session version those notes are of (null after a snapshot, which carries none): older news is ignored. */
  stationProgressVersion: number | null
  /** A mock exam's circuit (issue 33); null for any other session. */
  circuit: CircuitView | null
  /** Who asked to record the room and who consented (issue 34); null when nobody asked. */
  recording: RecordingView | null
}

export const DEFAULT_END_REASON = 'Session has ended'

/** The server sends the topics JSON-encoded (WIRE.md section 7, quirk 3); anything unreadable counts as none. */
export function parseTopics(encoded: string): string[] {
  try {
    const topics: unknown = JSON.parse(encoded)
    return Array.isArray(topics) ? topics.filter((topic): topic is string => typeof topic === 'string') : []
  } catch {
    return []
  }
}

/** The clock of a GET: from its start timestamp (preferred), else from the seconds it says are left. */
function snapshotTimer(details: SessionDetails, config: RoomConfig, serverNow: number): RoomTimer | null {
  const { phase } = details
  if (!showsClock(phase)) return null
  const durationSeconds = details.totalTime > 0 ? details.totalTime : phaseDurationSeconds(config, phase)
  if (details.timerStartTimestamp !== null) return { phase, startTimestamp: details.timerStartTimestamp, durationSeconds }
  if (details.timeRemaining > 0) return { phase, startTimestamp: startFromRemaining(durationSeconds, details.timeRemaining, serverNow), durationSeconds }
  return null
}

/** My role as the participant list says it: when it changes in an update, the room follows (SPEC section 4). */
function myRole(participants: ParticipantView[], userId: number, fallback: WireRole | null): WireRole | null {
  const me = participants.find((p) => p.userId === userId || p.id === String(userId))
  return me ? me.role : fallback
}

export function fromSnapshot(details: SessionDetails, userId: number, serverNow: number, previous: RoomSession | null): RoomSession {
  const config: RoomConfig = {
    readingTime: details.readingTime,
    consultationTime: details.consultationTime,
    timingType: details.timingType,
    sessionType: details.sessionType,
    selectedTopics: parseTopics(details.selectedTopics),
  }
  const timer = snapshotTimer(details, config, serverNow)
  const stillOpen = previous?.topicChoice && details.phase === 'READING' && details.selectedCase?.id === previous.selectedCase?.id
  return {
    code: details.code,
    title: details.title,
    phase: phaseAfter(previous?.phase ?? INITIAL_PHASE, { type: 'SNAPSHOT', phase: details.phase }),
    status: details.status,
    currentRound: details.currentRound,
    role: myRole(details.participants, userId, details.userRole ? toWireRole(details.userRole) : null),
    isHost: details.isHost,
    participants: details.participants,
    config,
    selectedCase: details.selectedCase,
    timer,
    readingStartedAt: details.phase === 'READING' && timer ? timer.startTimestamp : (previous?.readingStartedAt ?? null),
    topicChoice: stillOpen ? previous.topicChoice : null,
    stationProgress: details.stationProgress ?? null,
    stationProgressVersion: null,
    circuit: details.circuit ?? null,
    recording: details.recording ?? null,
  }
}

/** A live message applied to the room. SESSION_ENDED, USER_LEFT and ROLE_CHANGE change nothing here. */
export function withLiveMessage(session: RoomSession, message: LiveMessage, userId: number): RoomSession {
  switch (message.type) {
    case 'SESSION_UPDATE': {
      const selectedCase = message.selectedCase ?? session.selectedCase
      const newCase = selectedCase?.id !== session.selectedCase?.id
      return {
        ...session,
        title: message.title,
        phase: phaseAfter(session.phase, message),
        status: message.status,
        currentRound: message.currentRound,
        config: { ...message.config, selectedTopics: parseTopics(message.config.selectedTopics) },
        participants: message.participants,
        role: myRole(message.participants, userId, session.role),
        selectedCase,
        // The doctor's topic choice brings a new case; a new round also settles it.
        topicChoice: newCase || message.currentRound !== session.currentRound ? null : session.topicChoice,
        // A new case or round starts with nothing noted (the server empties it when it assigns a case).
        ...(newCase || message.currentRound !== session.currentRound ? { stationProgress: null, stationProgressVersion: null } : {}),
      }
    }
    case 'PARTICIPANT_UPDATE':
      return { ...session, participants: message.participants, role: myRole(message.participants, userId, session.role) }
    case 'PHASE_CHANGE': {
      const timer = showsClock(message.phase) && message.durationSeconds > 0
        ? { phase: message.phase, startTimestamp: message.startTimestamp, durationSeconds: message.durationSeconds }
        : null
      const reading = message.phase === 'READING'
      return {
        ...session,
        phase: phaseAfter(session.phase, message),
        timer,
        readingStartedAt: reading ? message.startTimestamp : session.readingStartedAt,
        topicChoice: reading ? null : session.topicChoice,
      }
    }
    case 'TIMER_START':
      if (message.phase !== session.phase || message.durationSeconds <= 0) return session
      return { ...session, timer: { phase: message.phase, startTimestamp: message.startTimestamp, durationSeconds: message.durationSeconds } }
    case 'TOPIC_SELECTION_NEEDED':
      return { ...session, topicChoice: { completedTopic: message.completedTopic, availableTopics: message.availableTopics } }
    case 'STATION_PROGRESS':
      if (message.round !== session.currentRound) return session
      if (session.stationProgressVersion !== null && message.version <= session.stationProgressVersion) return session
      return { ...session, stationProgress: { marks: message.marks, revealedFacts: message.revealedFacts }, stationProgressVersion: message.version }
    case 'CIRCUIT':
      return withCircuit(session, message.circuit)
    case 'RECORDING':
      return { ...session, recording: message.recording }
    case 'SESSION_ENDED':
    case 'USER_LEFT':
    case 'ROLE_CHANGE':
      return session
  }
}

/** A mock exam's circuit news: a pause stops the room's clock, a resume sets it going from where it stopped. */
function withCircuit(session: RoomSession, circuit: CircuitView | null): RoomSession {
  if (!circuit) return { ...session, circuit: null }
  const { clock } = circuit
  if (circuit.paused) return { ...session, circuit, timer: null }
  const timer = clock && clock.phase === session.phase && showsClock(clock.phase) ? { phase: clock.phase, startTimestamp: clock.startTimestamp, durationSeconds: clock.durationSeconds } : session.timer
  return { ...session, circuit, timer }
}

/** The doctor ended the consultation and the server accepted: the room moves on without waiting for the echo. */
export function withFeedbackPhase(session: RoomSession): RoomSession {
  const phase = phaseAfter(session.phase, { type: 'CONSULTATION_ENDED' })
  return phase === session.phase ? session : { ...session, phase, timer: null }
}

/**
 * What a feedback draft belongs to. The form resets when this changes: a new case, a new round, or a new
 * reading phase (SPEC section 4).
 */
export function draftOwner(session: RoomSession): string {
  return `${draftCase(session)}|${session.readingStartedAt ?? 'none'}`
}

/**
 * The (case, round) a kept draft belongs to. The reading phase's start is left out: a page loaded after the
 * reading phase never saw it, and a case is never played twice in a session, so case and round name the form.
 */
export function draftCase(session: RoomSession): string {
  return `${session.selectedCase?.id ?? 'none'}|${session.currentRound}`
}

export function endReason(reason: string | undefined): string {
  return reason?.trim() ? reason : DEFAULT_END_REASON
}

const LEAVER_REASONS: Record<string, string> = {
  JOINED_ANOTHER_SESSION: 'you left it to create or join another session',
  OFFLINE_TOO_LONG: 'you left it after being away too long',
}

/**
 * Whether this live message ends the room for this user, and why: the session ended, or they left it. A tab
 * still open in a room its user left elsewhere (by creating or joining another session) says so (issue 30).
 */
export function roomOverReason(message: LiveMessage, userId: number): string | null {
  if (message.type === 'SESSION_ENDED') return endReason(message.reason)
  if (message.type === 'USER_LEFT' && message.userId === userId) return LEAVER_REASONS[message.reason ?? ''] ?? 'you left it'
  return null
}
