/**
 * The fold: how each stored event changes the session's state. Pure and total over valid logs, so the server,
 * the client and a maintainer replaying a dispute all compute the same state from the same events.
 */
import type { Participant, PhaseTimer, SessionEvent, SessionState } from './types.ts'

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
  return { ...changed(state, event), version: state.version + 1 }
}

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
    usedCaseIds: [],
    participants: [],
    timer: null,
    caseScored: false,
    topicChoicePending: false,
    endedReason: null,
    version: 1,
  }
}

function changed(state: SessionState, event: Exclude<SessionEvent, { type: 'SessionCreated' }>): SessionState {
  switch (event.type) {
    case 'ParticipantJoined':
      return { ...state, participants: joined(state, event) }
    case 'ParticipantLeft':
      return { ...state, participants: updated(state.participants, event.userId, { active: false }) }
    case 'SessionConfigured':
      return { ...state, config: event.config }
    case 'CaseAssigned':
      return {
        ...state,
        caseId: event.caseId,
        currentRound: event.round,
        usedCaseIds: state.usedCaseIds.includes(event.caseId) ? state.usedCaseIds : [...state.usedCaseIds, event.caseId],
        caseScored: false,
        topicChoicePending: false,
        // Feedback and completion belong to one (case, round): a new case starts everyone afresh. Someone away
        // when it starts has seen none of it until they come back.
        participants: state.participants.map((p) => ({ ...p, hasCompleted: false, hasGivenFeedback: false, joinedAfterConsultation: !p.active })),
      }
    case 'TopicAdded': {
      const topics = state.config.selectedTopics
      if (topics.includes(event.topic)) return state
      return { ...state, config: { ...state.config, selectedTopics: [...topics, event.topic] } }
    }
    case 'TopicSelectionNeeded':
      // The doctor answers with SelectNewTopic (or ends the session).
      return { ...state, topicChoicePending: true }
    case 'PhaseStarted':
      return {
        ...state,
        phase: event.phase,
        status: event.phase === 'WAITING' || event.phase === 'COMPLETED' ? state.status : 'IN_PROGRESS',
        timer: timerOf(event),
      }
    case 'RolesSwapped':
      return {
        ...state,
        participants: state.participants.map((p) => {
          if (p.userId === event.newDoctorUserId) return { ...p, role: 'DOCTOR' }
          if (p.userId === event.newPatientUserId) return { ...p, role: 'PATIENT' }
          return p
        }),
      }
    case 'FeedbackSubmitted':
      // A patient or observer scored the case: a doctor skipping into the feedback phase alone does not count.
      return {
        ...state,
        caseScored: true,
        participants: updated(state.participants, event.fromUserId, { hasGivenFeedback: true, hasCompleted: true }),
      }
    case 'ParticipantCompleted':
      return { ...state, participants: updated(state.participants, event.userId, { hasCompleted: true }) }
    case 'SessionEnded':
      return { ...state, status: 'COMPLETED', phase: 'COMPLETED', timer: null, topicChoicePending: false, endedReason: event.reason }
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
    },
  ]
}

function updated(participants: Participant[], userId: number, change: Partial<Participant>): Participant[] {
  return participants.map((p) => (p.userId === userId ? { ...p, ...change } : p))
}

function timerOf(event: SessionEventOf<'PhaseStarted'>): PhaseTimer | null {
  const { phase } = event
  if (phase !== 'READING' && phase !== 'CONSULTATION' && phase !== 'FEEDBACK') return null
  return { phase, startTimestamp: event.startTimestamp, durationSeconds: event.durationSeconds }
}

function unreachable(event: never): never {
  throw new CorruptSessionLogError(`Unknown session event ${JSON.stringify(event)}`)
}
