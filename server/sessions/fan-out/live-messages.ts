import type { CaseView } from '../../../schemas/content.ts'
import { circuitView } from '../../../schemas/mock/circuit-view.ts'
import { recordingView } from '../../../schemas/session/recording-consent.ts'
import type { ClockPhase } from '../../../schemas/session/clock.ts'
import { evolve, showsClock, topicCompletedMessage } from '../../../schemas/session/index.ts'
import { progressSeenBy } from '../../../schemas/session/station-progress.ts'
import type { SessionEvent, SessionRole, SessionState } from '../../../schemas/session/types.ts'
import { toWireRole } from '../../../schemas/session-wire.ts'
import { type LiveMessage } from '../../../schemas/session-live.ts'
import type { CommittedBatch } from '../cluster/bus.ts'
import type { CaseVersionRef } from '../../content/case-bank-cache.ts'
import { shownCase } from '../store/case-view-cache.ts'
import { participantViews, roleOf, sessionUpdateMessage, type IsOnline } from './session-view.ts'

/** What rendering needs beside the batch: the cases its updates show, in full (filtered per role), and presence. */
export interface RenderContext {
  cases: ReadonlyMap<number, CaseView>
  isOnline: IsOnline
  now: number
}

/**
 * One message of a batch: who hears which version of it (their role's, or the one every role hears alike), each
 * version rendered once however many people and tabs receive it.
 */
export interface RoomMessage {
  /** The version this user hears, or null if they are not in the room at that point of the batch. */
  audienceOf(userId: number): Audience | null
  render(audience: Audience, context: RenderContext): LiveMessage
}

/** A role, for a message filtered per role (the case); EVERY_ROLE for one the whole room hears alike. */
export type Audience = SessionRole | typeof EVERY_ROLE
export const EVERY_ROLE = 'EVERY_ROLE'

/** A message rendered for a role, from the state right after the event that caused it. */
type RoleMessage = (role: SessionRole, context: RenderContext) => LiveMessage

interface PlannedShape {
  /** Whether this message shows the case (a SESSION_UPDATE), so the broadcaster loads it. */
  showsCase?: boolean
  /** A snapshot of the whole room, left out when the next event of the batch completes the same step. */
  snapshot?: boolean
  /** Only these seats hear it (the notes of a station are not the doctor's). */
  seats?: readonly SessionRole[]
  /**
   * Someone no longer in the room who still hears this: the one who just left, so a tab of theirs still open
   * there says why it is over (they may have left by creating or joining another session elsewhere).
   */
  alsoTo?: number
}
type Planned = PlannedShape & ({ render: RoleMessage } | { alike: (context: RenderContext) => LiveMessage })

export interface LivePlan {
  messages: RoomMessage[]
  /** The case versions the messages show (one per case: a batch never plays a case twice), so the broadcaster loads only those. */
  cases: CaseVersionRef[]
}

/**
 * Each message is rendered from the state right after the event that caused it, so the room sees the steps of
 * WIRE.md section 6 one by one: after a patient's "Submit & Role Change", the feedback's PARTICIPANT_UPDATE still
 * has the old seats, and the SESSION_UPDATE after ROLE_CHANGE the swapped ones (a client that compares the two
 * notices its new role).
 */
export function planLiveMessages(batch: CommittedBatch): LivePlan {
  const messages: RoomMessage[] = []
  const cases = new Map<number, CaseVersionRef>()
  let state = batch.before
  let leaver: number | undefined
  batch.events.forEach(({ event }, index) => {
    const after = evolve(state, event)
    const next = batch.events[index + 1]?.event
    if (event.type === 'ParticipantLeft') leaver = event.userId
    for (const planned of messagesOf(event, after, state, leaver)) {
      if (planned.snapshot && next && completesStep(event, next)) continue
      const shown = planned.showsCase ? shownCase(after) : null
      if (shown) cases.set(shown.caseId, shown)
      messages.push(roomMessage(after, planned))
    }
    state = after
  })
  return { messages, cases: [...cases.values()] }
}

function roomMessage(state: SessionState, planned: Planned): RoomMessage {
  if ('alike' in planned) {
    const hears = (userId: number) => roleOf(state, userId) !== null || userId === planned.alsoTo
    return { audienceOf: (userId) => (hears(userId) ? EVERY_ROLE : null), render: (_audience, context) => planned.alike(context) }
  }
  const { seats } = planned
  return {
    audienceOf: (userId) => {
      const role = roleOf(state, userId)
      return role && (!seats || seats.includes(role)) ? role : null
    },
    render: (audience, context) => planned.render(audience as SessionRole, context),
  }
}

/**
 * Events stored as two but sent by the reference as one step: configuring or choosing a topic picks the case,
 * a new case opens its reading phase (one SESSION_UPDATE, with both), and a leave that ends the session sends
 * no participant list, only SESSION_ENDED.
 */
function completesStep(event: SessionEvent, next: SessionEvent): boolean {
  switch (event.type) {
    case 'SessionConfigured':
    case 'TopicAdded':
      return next.type === 'CaseAssigned'
    case 'CaseAssigned':
      return next.type === 'PhaseStarted' && next.phase === 'READING'
    case 'ParticipantLeft':
      return next.type === 'SessionEnded'
    default:
      return false
  }
}

/**
 * Which live messages each stored event causes, in the order the spec's client expects them (WIRE.md section
 * 3): join -> PARTICIPANT_UPDATE + SESSION_UPDATE; a new reading phase (start, new case, new round) ->
 * SESSION_UPDATE + PHASE_CHANGE + TIMER_START; an automatic or skipped phase -> PHASE_CHANGE (+ TIMER_START for
 * consultation), never a SESSION_UPDATE; a role swap or a seat rotation -> ROLE_CHANGE + SESSION_UPDATE.
 */
function messagesOf(event: SessionEvent, state: SessionState, before: SessionState | null, leaver: number | undefined): Planned[] {
  const sessionCode = state.code
  const nameOf = (userId: number) => state.participants.find((p) => p.userId === userId)?.name ?? 'A participant'
  const same = (message: LiveMessage): Planned => ({ alike: () => message })
  const sessionUpdate: Planned = {
    snapshot: true,
    showsCase: true,
    render: (role, { cases, isOnline, now }) => sessionUpdateMessage(state, caseOf(cases, state), role, isOnline, now),
  }
  const participantUpdate: Planned = {
    snapshot: true,
    alike: ({ isOnline }) => ({ type: 'PARTICIPANT_UPDATE', sessionCode, participants: participantViews(state, isOnline) }),
  }
  const timerStart = (phase: ClockPhase, startTimestamp: number, durationSeconds: number) => {
    const message = `${phase === 'READING' ? 'Reading' : 'Consultation'} timer started: ${durationSeconds} seconds`
    return { type: 'TIMER_START', sessionCode, phase, durationSeconds, startTimestamp, message } as const
  }
  const circuit = circuitView(state)
  const circuitMessage: Planned[] = circuit ? [same({ type: 'CIRCUIT', sessionCode, circuit })] : []
  // Who is in the room decides whether a recording runs: a join or a leave is news to it too.
  const recordingMessage: Planned[] = state.recording || before?.recording ? [same({ type: 'RECORDING', sessionCode, recording: recordingView(state) })] : []
  switch (event.type) {
    case 'SessionCreated':
      return []
    case 'ParticipantJoined':
      return [participantUpdate, sessionUpdate, ...recordingMessage]
    case 'ParticipantLeft': {
      // A deleted account also "leaves" where it had left before (to lose its name): the room was told then.
      if (!before?.participants.some((p) => p.userId === event.userId && p.active)) return [participantUpdate]
      const leaver = state.participants.find((p) => p.userId === event.userId)
      const userRole = toWireRole(leaver?.role ?? 'OBSERVER')
      // A suspension is the admins' business and the account owner's (issue 36): the room hears a plain leave.
      const reason = event.reason === 'SUSPENDED' ? 'LEFT' : event.reason
      const userLeft = { type: 'USER_LEFT', sessionCode, userId: event.userId, userName: nameOf(event.userId), userRole, reason } as const
      return [{ alike: () => userLeft, alsoTo: event.userId }, participantUpdate, ...recordingMessage]
    }
    // The settings may make it a mock exam or stop it being one: the room hears which.
    case 'SessionConfigured':
      return before?.circuit || state.circuit ? [sessionUpdate, same({ type: 'CIRCUIT', sessionCode, circuit })] : [sessionUpdate]
    case 'CaseAssigned':
    case 'TopicAdded':
      return [sessionUpdate]
    case 'TopicSelectionNeeded': {
      const { completedTopic, availableTopics } = event
      const message = topicCompletedMessage(completedTopic)
      return [same({ type: 'TOPIC_SELECTION_NEEDED', sessionCode, completedTopic, availableTopics, message })]
    }
    case 'PhaseStarted': {
      const { phase, startTimestamp, durationSeconds } = event
      if (!showsClock(phase)) {
        return [same({ type: 'PHASE_CHANGE', sessionCode, phase, startTimestamp, durationSeconds: 0 }), ...circuitMessage]
      }
      return [
        ...(phase === 'READING' ? [sessionUpdate] : []),
        same({ type: 'PHASE_CHANGE', sessionCode, phase, startTimestamp, durationSeconds }),
        ...(durationSeconds > 0 ? [same(timerStart(phase, startTimestamp, durationSeconds))] : []),
        ...circuitMessage,
      ]
    }
    case 'CircuitPaused':
      return circuitMessage
    // The spec's clock fields follow the resumed clock too, for a client that knows no circuit.
    case 'CircuitResumed': {
      const { timer } = state
      return [...(timer && showsClock(timer.phase) ? [same(timerStart(timer.phase, timer.startTimestamp, timer.durationSeconds))] : []), ...circuitMessage]
    }
    case 'RolesSwapped': {
      const message = `Roles swapped: ${nameOf(event.newDoctorUserId)} is now the doctor and ${nameOf(event.newPatientUserId)} the patient`
      return [same({ type: 'ROLE_CHANGE', sessionCode, message }), sessionUpdate]
    }
    // Told as the swap is: the spec's client reads its new seat from the SESSION_UPDATE that follows.
    case 'SeatsRotated': {
      const message = `Seats rotated: ${nameOf(event.newDoctorUserId)} is now the doctor, ${nameOf(event.newPatientUserId)} the patient and ${nameOf(event.newObserverUserId)} the observer`
      return [same({ type: 'ROLE_CHANGE', sessionCode, message }), sessionUpdate]
    }
    case 'FeedbackSubmitted':
    case 'ParticipantCompleted':
      return [participantUpdate]
    case 'RecordingAsked':
    case 'RecordingConsented':
    case 'RecordingStopped':
      return recordingMessage
    case 'SessionEnded':
      return [{ alike: () => ({ type: 'SESSION_ENDED', sessionCode, reason: event.reason, timestamp: new Date(event.at).toISOString() }), alsoTo: leaver }, ...recordingMessage]
    case 'ChecklistItemMarked':
    case 'FactRevealed': {
      const round = state.currentRound
      const render = (role: SessionRole) => ({ type: 'STATION_PROGRESS', sessionCode, round, version: state.version, ...progressSeenBy(state.stationProgress, role)! }) as const
      return [{ seats: NOTE_TAKERS, render }]
    }
  }
}

/** The seats that see a station's notes during the round (station-progress.ts). */
const NOTE_TAKERS: readonly SessionRole[] = ['PATIENT', 'OBSERVER']

const caseOf = (cases: ReadonlyMap<number, CaseView>, state: SessionState) => (state.caseId === null ? null : (cases.get(state.caseId) ?? null))
