/**
 * What one person may do in a session now: the one rule behind every control. The server's decisions refuse
 * through it (decide.ts and its rules), and the room shows a button only where it says yes (web/session/room/
 * room-capabilities.ts), so a button is never offered that the server would refuse, nor hidden from someone it
 * would let act (an admin's skip).
 *
 * A person's standing is what both sides know: the server from the session's state and the caller, the room from
 * its view of the session and the signed-in user.
 */
import { phaseAccepts, phaseRefusal } from './machine.ts'
import { awaitingNextRound } from './next-round.ts'
import { ACCESS_DENIED, DOCTOR_ONLY } from './participants.ts'
import type { Actor, Phase, SessionRole, SessionState, SessionStatus } from './types.ts'

export interface Standing {
  phase: Phase
  status: SessionStatus
  /** The seat this person holds, or null when they are not in the room. */
  seat: SessionRole | null
  isHost: boolean
  isAdmin: boolean
  /** The current topic ran out and the doctor has not chosen another yet. */
  topicChoicePending: boolean
  /** A mock exam (issue 33), which runs by itself. */
  inCircuit: boolean
}

/** A session's state as one caller stands in it. */
export function standingOf(state: SessionState, actor: Pick<Actor, 'userId' | 'isAdmin'>): Standing {
  return {
    phase: state.phase,
    status: state.status,
    seat: state.participants.find((p) => p.active && p.userId === actor.userId)?.role ?? null,
    isHost: state.hostUserId === actor.userId,
    isAdmin: actor.isAdmin,
    topicChoicePending: state.topicChoicePending,
    inCircuit: state.circuit !== null,
  }
}

/** The controls of a session: each is also the command it sends. */
export const CONTROLS = [
  'Configure',
  'Start',
  'SkipPhase',
  'NewCase',
  'SelectNewTopic',
  'SubmitFeedback',
  'Complete',
  'End',
  'MarkChecklistItem',
  'RevealFact',
  'PauseCircuit',
  'ResumeCircuit',
  'AskToRecord',
  'ConsentToRecording',
  'StopRecording',
] as const
export type Control = (typeof CONTROLS)[number]

export interface Refusal {
  status: 403 | 409
  reason: string
}

/**
 * What each role's feedback may ask for besides closing (SPEC section 5): the patient the next case, alone or
 * with the doctor and patient swapping seats; the observer nothing. The doctor gives no feedback. Beside the
 * spec (issue 16), both may ask for the next case with every seat moved on, when three are in the room.
 */
export const FEEDBACK_REQUESTS = {
  DOCTOR: null,
  PATIENT: { newCase: true, roleChange: true, seatRotation: true },
  OBSERVER: { newCase: false, roleChange: false, seatRotation: true },
} as const satisfies Record<SessionRole, { newCase: boolean; roleChange: boolean; seatRotation: boolean } | null>

export const CHOOSE_TOPIC_FIRST = 'Choose the next topic first: the last one has no case left'
export const FEEDBACK_TOO_EARLY = 'Feedback can be submitted once the consultation has ended'
// Changing the case is for before the consultation: once it runs, the group is discussing this one.
const CASE_CHANGE_TOO_LATE = 'A new case can only be chosen before the consultation starts'

const HOST_RUNS_CIRCUIT = 'Only the host can pause or resume the mock exam'
const refused = (status: Refusal['status'], reason: string): Refusal => ({ status, reason })
const seated = (s: Standing) => (s.seat ? null : refused(403, ACCESS_DENIED))
const doctorOnly = (reason: string) => (s: Standing) => seated(s) ?? (s.seat === 'DOCTOR' ? null : refused(403, reason))

/**
 * Who may use each control at all, whatever the phase. Checked before anything about the session's timing, so
 * someone who may not act is told so (403) and learns nothing of the clock.
 */
const WHO: Record<Control, (s: Standing) => Refusal | null> = {
  Configure: (s) => seated(s) ?? (s.isHost ? null : refused(403, 'Only the host can configure the session')),
  // Whoever created the session opens it (SPEC section 4: the host, who sits as the doctor). The next round,
  // waiting for someone not in the room, may also be started by its doctor (the room names whom it leaves behind).
  Start: (s) => seated(s) ?? (s.isHost || (s.seat === 'DOCTOR' && awaitingNextRound(s)) ? null : refused(403, 'Only the host can start the session')),
  // "Skip to Consultation" and "End Consultation": the doctor's, and an admin's to unblock a stuck room.
  SkipPhase: (s) => (s.isAdmin ? null : doctorOnly(DOCTOR_ONLY)(s)),
  NewCase: doctorOnly(DOCTOR_ONLY),
  SelectNewTopic: doctorOnly(DOCTOR_ONLY),
  SubmitFeedback: (s) => seated(s) ?? (s.seat && FEEDBACK_REQUESTS[s.seat] ? null : refused(403, 'Only the patient or observer can give feedback')),
  Complete: seated,
  End: doctorOnly('Only the doctor can end the session'),
  // The examiner marks the checklist as they watch; the patient ticks the facts of their script as they tell them.
  MarkChecklistItem: (s) => seated(s) ?? (s.seat === 'OBSERVER' ? null : refused(403, 'Only the observer marks the checklist')),
  RevealFact: (s) => seated(s) ?? (s.seat === 'PATIENT' ? null : refused(403, 'Only the patient ticks the facts they tell')),
  PauseCircuit: (s) => seated(s) ?? (s.isHost ? null : refused(403, HOST_RUNS_CIRCUIT)),
  ResumeCircuit: (s) => seated(s) ?? (s.isHost ? null : refused(403, HOST_RUNS_CIRCUIT)),
  // Everyone in the room has the same say over recording it (recording-consent.ts).
  AskToRecord: seated,
  ConsentToRecording: seated,
  StopRecording: seated,
}

/** What a control refused by the current phase is told, when the phase has no refusal of its own. */
const OUT_OF_PHASE: Partial<Record<Control, string>> = {
  Configure: 'The session can only be configured before it starts',
  Start: 'The session has already started',
  SkipPhase: 'Nothing to skip in this phase',
  NewCase: CASE_CHANGE_TOO_LATE,
  SelectNewTopic: CASE_CHANGE_TOO_LATE,
  SubmitFeedback: FEEDBACK_TOO_EARLY,
  Complete: 'You can only complete the session during the feedback phase',
  MarkChecklistItem: 'The checklist is marked during the consultation and its feedback',
  RevealFact: 'Facts are ticked during the consultation',
  PauseCircuit: 'Only a running mock exam can be paused',
  ResumeCircuit: 'Only a running mock exam can be resumed',
}

/** A control the session's phase does not accept now (the machine's `meta.accepts`), with what it is told. */
export function phaseRefusalOf(standing: Standing, control: Control | 'JoinWithRole' | 'Leave' | 'ExpireTimer'): Refusal | null {
  if (phaseAccepts(standing, control)) return null
  const phase = standing.phase.toLowerCase()
  return refused(409, phaseRefusal(standing.phase) ?? OUT_OF_PHASE[control as Control] ?? `Not possible in the ${phase} phase`)
}

/** Only who may use the control, for a decision that checks its request between who and when. */
export const whoRefusal = (standing: Standing, control: Control): Refusal | null => WHO[control](standing)

/**
 * Why this person may not use this control now, or null when they may: a phase with a refusal of its own (the
 * ended session) first, as it refuses everyone alike; then who, then the phase, then what the control needs of
 * the session's state.
 */
export function refusalOf(standing: Standing, control: Control): Refusal | null {
  const phaseWide = phaseRefusal(standing.phase)
  if (phaseWide !== undefined && !phaseAccepts(standing, control)) return refused(409, phaseWide)
  return (
    WHO[control](standing) ??
    phaseRefusalOf(standing, control) ??
    (control === 'Start' && standing.topicChoicePending ? refused(409, CHOOSE_TOPIC_FIRST) : null)
  )
}

export type Capabilities = Record<Control, boolean>

/** Every control at once, for a screen deciding which buttons to show. */
export function capabilitiesOf(standing: Standing): Capabilities {
  return Object.fromEntries(CONTROLS.map((control) => [control, refusalOf(standing, control) === null])) as Capabilities
}
