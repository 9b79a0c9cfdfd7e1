/**
 * Who is in a session and in which role: the look-ups every rule uses, the access checks, and the decisions
 * for joining and leaving (the two commands a non-participant may send).
 */
import { evolve } from './evolve.ts'
import {
  SessionRuleError,
  type Actor,
  type DecisionContext,
  type Participant,
  type SessionCommand,
  type SessionEvent,
  type SessionRole,
  type SessionState,
} from './types.ts'

/** Observers are unlimited in the rules, but a room is a small video-less practice group: cap it. */
export const MAX_ACTIVE_PARTICIPANTS = 6

export const ACCESS_DENIED = "Access denied. You don't have permission to access this session."
export const DOCTOR_ONLY = 'Only the doctor can control the session'

export function activeParticipants(state: SessionState): Participant[] {
  return state.participants.filter((p) => p.active)
}

export function activeWithRole(state: SessionState, role: SessionRole): Participant | undefined {
  return state.participants.find((p) => p.active && p.role === role)
}

export function activeParticipant(state: SessionState, userId: number): Participant | undefined {
  return state.participants.find((p) => p.active && p.userId === userId)
}

/** A seat someone in the room already holds: the doctor's and the patient's are single, observers are many. */
export const seatTaken = (inRoom: ReadonlyArray<{ role: SessionRole }>, role: SessionRole): boolean =>
  role !== 'OBSERVER' && inRoom.some((p) => p.role === role)

export function hasEnded(state: SessionState): boolean {
  return state.status === 'COMPLETED'
}

/** Every session command other than join and leave is for the people in the room only. */
export function requireParticipant(state: SessionState, actor: Actor): Participant {
  const participant = activeParticipant(state, actor.userId)
  if (!participant) throw new SessionRuleError(403, ACCESS_DENIED)
  return participant
}

export function decideJoin(
  state: SessionState,
  command: Extract<SessionCommand, { type: 'JoinWithRole' }>,
  actor: Actor,
  ctx: DecisionContext,
): SessionEvent[] {
  const { role } = command
  const current = activeParticipant(state, actor.userId)
  if (current) {
    if (current.role === role) return []
    throw new SessionRuleError(409, `You are already in this session as the ${current.role.toLowerCase()}`)
  }
  if (role === 'DOCTOR' && state.hostUserId !== actor.userId) {
    throw new SessionRuleError(403, 'Only the host can join as the doctor')
  }
  if (seatTaken(activeParticipants(state), role)) {
    throw new SessionRuleError(409, 'This role has already been taken')
  }
  if (activeParticipants(state).length >= MAX_ACTIVE_PARTICIPANTS) {
    throw new SessionRuleError(409, 'Invalid session code or session is full')
  }
  return [{ type: 'ParticipantJoined', userId: actor.userId, name: actor.name, role, at: ctx.now }]
}

export const HOST_ACCOUNT_DELETED = 'Session has been ended by the host.'

/**
 * Leaving is always answered with success, so a stale tab or a repeated click changes nothing. A deleted account
 * leaves even where it had left before (so no state keeps its name), and the sessions it hosts end; so do the
 * sessions a suspended account hosts (issue 36), in whichever seat its host is, or had left.
 */
export function decideLeave(
  state: SessionState,
  command: Extract<SessionCommand, { type: 'Leave' }>,
  actor: Actor,
  ctx: DecisionContext,
): SessionEvent[] {
  if (hasEnded(state)) return []
  const wasActive = activeParticipant(state, actor.userId) !== undefined
  const present = state.participants.some((p) => p.userId === actor.userId)
  const erasing = command.reason === 'ACCOUNT_DELETED' && present
  const hostRemoved = present && state.hostUserId === actor.userId && (command.reason === 'ACCOUNT_DELETED' || command.reason === 'SUSPENDED')
  if (!wasActive && !erasing && !hostRemoved) return []
  const left: SessionEvent = { type: 'ParticipantLeft', userId: actor.userId, reason: command.reason, at: ctx.now }
  const reason = hostRemoved ? HOST_ACCOUNT_DELETED : wasActive ? endReasonWithout(evolve(state, left)) : null
  if (!reason) return [left]
  // The room is told why, not only that it ended: the leaver may never have pressed Exit here (issue 30).
  const why = command.reason === 'JOINED_ANOTHER_SESSION' ? `${reason}: ${activeParticipant(state, actor.userId)?.name ?? actor.name} moved to another session` : reason
  return [left, { type: 'SessionEnded', reason: why, at: ctx.now }]
}

/**
 * A room needs two people, one of them the doctor (the one doctor of a room is the one who leaves, or stays):
 * whether someone sitting as `role` ends the room by leaving `othersLeft` people behind. The pages say so first.
 */
export const leavingEndsRoom = (role: SessionRole, othersLeft: number) => othersLeft < 2 || role === 'DOCTOR'

/** The same rule on the state after the leave, with the reason the room is told. */
function endReasonWithout(after: SessionState): string | null {
  if (activeParticipants(after).length < 2) return 'Not enough participants remaining'
  return activeWithRole(after, 'DOCTOR') ? null : 'Doctor has left the session'
}
