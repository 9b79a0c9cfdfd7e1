import { circuitView } from '../../../schemas/mock/circuit-view.ts'
import { recordingView } from '../../../schemas/session/recording-consent.ts'
import { caseViewFor, type RoleCaseView } from '../../../schemas/case-views.ts'
import { currentRound, feedbackPhaseOver } from '../../../schemas/session/case-reveal.ts'
import { progressSeenBy } from '../../../schemas/session/station-progress.ts'
import type { CaseView } from '../../../schemas/content.ts'
import { deadlineOf, showsClock } from '../../../schemas/session/clock.ts'
import type { SessionRole, SessionState } from '../../../schemas/session/types.ts'
import { toWireRole, type ParticipantView, type SessionClock, type SessionConfigView, type SessionDetails } from '../../../schemas/session-wire.ts'
import { type SessionUpdateMessage } from '../../../schemas/session-live.ts'

/**
 * The one place a session's state becomes the JSON of WIRE.md: the GET, the command answers and the live
 * SESSION_UPDATE all render through here, per recipient, so the case a role may see is decided once.
 */

export type IsOnline = (userId: number) => boolean


/** The role of a user still in the room, or null (left, or never joined). */
export function roleOf(state: SessionState, userId: number): SessionRole | null {
  return state.participants.find((p) => p.active && p.userId === userId)?.role ?? null
}

/** Only participants still in the room are listed (WIRE.md section 3). */
export function participantViews(state: SessionState, isOnline: IsOnline): ParticipantView[] {
  return state.participants
    .filter((p) => p.active)
    .map((p) => ({
      id: String(p.userId),
      userId: p.userId,
      name: p.name,
      role: toWireRole(p.role),
      isOnline: isOnline(p.userId),
      hasCompleted: p.hasCompleted,
      hasGivenFeedback: p.hasGivenFeedback,
      joinedAfterConsultation: p.joinedAfterConsultation,
      nextRoundRequest: p.nextRoundRequest,
    }))
}

function sessionClock(state: SessionState, now: number): SessionClock {
  const { timer } = state
  if (!timer || !showsClock(timer.phase) || timer.phase !== state.phase) {
    return { timeRemaining: 0, totalTime: 0, timerStartTimestamp: null }
  }
  const deadline = deadlineOf(timer)
  return {
    timeRemaining: Math.max(0, Math.ceil((deadline - now) / 1000)),
    totalTime: timer.durationSeconds,
    timerStartTimestamp: timer.startTimestamp,
  }
}

function configView(state: SessionState): SessionConfigView {
  const { config } = state
  return {
    readingTime: config.readingTime,
    consultationTime: config.consultationTime,
    timingType: config.timingType,
    sessionType: config.sessionType,
    selectedTopics: JSON.stringify(config.selectedTopics),
  }
}

/**
 * The case as this recipient may see it: nothing for someone without a role, and for the doctor nothing of
 * the patient's script, the title or the mark scheme until the session is over, and then only for a case that
 * was played as far as its feedback (schemas/case-views.ts): ending a session early reveals nothing.
 */
export function caseFor(state: SessionState, fullCase: CaseView | null, role: SessionRole | null): RoleCaseView | null {
  if (!fullCase || !role || fullCase.id !== state.caseId) return null
  return caseViewFor(role, fullCase, { feedbackOver: feedbackPhaseOver(state, currentRound(state)) })
}

/** When the session began and ended, as its read model keeps them (the log's state has no such fields). */
export interface SessionTimes {
  startedAt: Date | null
  endedAt: Date | null
}

export function sessionDetails(
  state: SessionState,
  times: SessionTimes,
  fullCase: CaseView | null,
  viewerId: number,
  isOnline: IsOnline,
  now: number,
): SessionDetails {
  const role = roleOf(state, viewerId)
  const { config } = state
  return {
    id: state.sessionId,
    code: state.code,
    title: state.title,
    status: state.status,
    phase: state.phase,
    sessionType: config.sessionType,
    timingType: config.timingType,
    readingTime: config.readingTime,
    consultationTime: config.consultationTime,
    selectedTopics: JSON.stringify(config.selectedTopics),
    recallStartDate: config.recallStartDate,
    recallEndDate: config.recallEndDate,
    ...sessionClock(state, now),
    currentRound: state.currentRound,
    userRole: role,
    isHost: state.hostUserId === viewerId,
    selectedCase: caseFor(state, fullCase, role),
    participants: participantViews(state, isOnline),
    createdAt: new Date(state.createdAt).toISOString(),
    startTime: times.startedAt?.toISOString() ?? null,
    endTime: times.endedAt?.toISOString() ?? null,
    endedReason: state.endedReason,
    stationTypes: config.stationTypes ?? [],
    mlaAreas: config.mlaAreas ?? [],
    stationProgress: progressSeenBy(state.stationProgress, role),
    circuit: circuitView(state),
    recording: recordingView(state),
  }
}

export function sessionUpdateMessage(state: SessionState, fullCase: CaseView | null, role: SessionRole, isOnline: IsOnline, now: number): SessionUpdateMessage {
  const selectedCase = caseFor(state, fullCase, role)
  return {
    type: 'SESSION_UPDATE',
    sessionCode: state.code,
    title: state.title,
    phase: state.phase,
    status: state.status,
    ...sessionClock(state, now),
    currentRound: state.currentRound,
    config: configView(state),
    participants: participantViews(state, isOnline),
    ...(selectedCase ? { selectedCase } : {}),
  }
}
