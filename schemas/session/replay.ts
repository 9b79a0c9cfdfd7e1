/**
 * Rebuilding a session from its log. `replaySnapshot` folds the events through the machine with xstate's pure
 * `initialTransition` / `transition` (no actor, no clock, no side effects), so loading a session, the client
 * and a maintainer's replay all agree. `applyEvent` is the same fold one event at a time, for a state already
 * in memory (the server's cache after an append).
 */
import { initialTransition, transition, type SnapshotFrom } from 'xstate'
import { CorruptSessionLogError, evolve } from './evolve.ts'
import { sessionMachine } from './machine.ts'
import type { SessionEvent, SessionState } from './types.ts'

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** The machine's snapshot after every event of the log; null for an empty log. */
export function replaySnapshot(events: SessionEvent[]): SessionSnapshot | null {
  const [first, ...rest] = events
  if (!first) return null
  if (first.type !== 'SessionCreated') {
    throw new CorruptSessionLogError(`A session log must start with SessionCreated, not ${first.type}`)
  }
  let [snapshot] = initialTransition(sessionMachine, first)
  for (const event of rest) {
    // The machine has no transition for a second SessionCreated and would skip it silently.
    if (event.type === 'SessionCreated') throw new CorruptSessionLogError('SessionCreated can only start a session log')
    ;[snapshot] = transition(sessionMachine, snapshot, event)
  }
  return snapshot
}

/** The session's state after every event of the log; null for an empty log. */
export function replay(events: SessionEvent[]): SessionState | null {
  return replaySnapshot(events)?.context ?? null
}

/** One step of the fold: `replay([...log, event])` equals `applyEvent(replay(log), event)`. */
export function applyEvent(state: SessionState | null, event: SessionEvent): SessionState {
  return evolve(state, event)
}
