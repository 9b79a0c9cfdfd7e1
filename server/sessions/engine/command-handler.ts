import { evolve } from '../../../schemas/session/index.ts'
import type { Actor, SessionEvent, SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { conflict, HttpError } from '../../errors.ts'
import type { CommitChannel, CommittedBatch, CommittedEvent } from '../cluster/bus.ts'
import { appendEvents, ConcurrencyError, eventsOfCommand, RefusedAppend, toCommittedEvent, toNewEvent, type AppendRefusal } from '../store/event-store.ts'
import { readModelWrites, SESSION_READ_MODELS, type ReadModel } from '../store/read-models.ts'
import type { SessionLoader } from '../store/session-loader.ts'

export interface CommandOutcome {
  state: SessionState
  /** The events this command stored (or stored the first time, for a retried command id); empty for a no-op. */
  events: CommittedEvent[]
  duplicate: boolean
  /**
   * Why a step command that named no phase or case did nothing: the session was not at a step its caller can have
   * seen (a double click, a click as the clock ended the phase). Answered 200, so the spec's client, which shows
   * its error page for any refusal of New Case, stays in the room.
   */
  notSeen?: string
  /** The ids of the feedback rows the command stored, in the order of its FeedbackSubmitted events; empty for a duplicate. */
  feedbackIds: number[]
}

/** One decision against the session as it stood: the events to store (none for a no-op). */
export interface Decision {
  state: SessionState
  events: SessionEvent[]
  notSeen?: string
}

export interface StoreOptions {
  /** Idempotency key: a retry with the same id answers the first attempt's events. */
  commandId?: string
  /**
   * Conditions outside the session under which the command is refused (409 with the refusal's reason), checked by
   * the statement that stores its events: no round trip of their own.
   */
  refusals?: AppendRefusal[]
}

export interface CommandHandlerOptions {
  db: Db
  commits: CommitChannel
  loader: SessionLoader
  /** Who is stored as the actor: null for the session clock, which no user asked. */
  actorIdOf(actor: Actor): number | null
  readModels?: readonly ReadModel[]
}

/** Each racing writer costs a command one attempt: enough for a room's worth of people acting at once. */
const DECIDE_ATTEMPTS = 6

/**
 * The command path any session command takes, whatever it decides: answer a retried command id with its first
 * attempt, decide, append at the version decided against with the read models and the notice in the same
 * statement, decide again when another writer got there first, then publish. What a command decides, and when a
 * cached state may be trusted, is the caller's `decide` (command-runner.ts).
 */
export function createCommandHandler({ db, commits, loader, actorIdOf, readModels = SESSION_READ_MODELS }: CommandHandlerOptions) {
  /**
   * Appends the decided events with their read models and the notice to other instances, in one statement, which
   * also answers the ids the read models return. `after` is null when the command id was already stored (a retry
   * racing its first attempt).
   */
  async function store(before: SessionState | null, events: SessionEvent[], actor: Actor, options: StoreOptions = {}) {
    const after = events.reduce<SessionState | null>(evolve, before)!
    const fromVersion = (before?.version ?? 0) + 1
    const actorUserId = actorIdOf(actor)
    // Written from the state the events lead to, with the versions the append gives them (a failed append writes none).
    const projected = events.map((event, index) => ({ version: fromVersion + index, event }))
    const { writes, answers } = readModelWrites({ before, after, events: projected, actorUserId }, db, readModels)
    const { sessionId, version } = after
    const request = { sessionId, expectedVersion: before?.version ?? 0, events: events.map(toNewEvent), actorUserId, ...options }
    const appended = await appendEvents(db, request, writes, commits.announcement({ sessionId, version }), answers)
    const { feedbackIds = [] } = appended.reads as { feedbackIds?: number[] }
    return { committed: appended.events.map(toCommittedEvent), after: appended.duplicate ? null : after, feedbackIds }
  }

  function published(batch: CommittedBatch, feedbackIds: number[] = []): CommandOutcome {
    loader.remember(batch.state)
    commits.publish(batch)
    return { state: batch.state, events: batch.events, duplicate: false, feedbackIds }
  }

  /** The first attempt's answer to a command id already stored (by this instance or another), else null. */
  async function firstAnswer(sessionId: number, commandId: string | undefined): Promise<CommandOutcome | null> {
    const earlier = commandId ? await eventsOfCommand(db, sessionId, commandId) : null
    return earlier && { state: (await loader.load(sessionId))!, events: earlier.map(toCommittedEvent), duplicate: true, feedbackIds: [] }
  }

  /**
   * Runs a command on a stored session. `decide` is called once per attempt, against the session as it then
   * stands; an attempt that lost the race to another writer forgets the cached state and decides again.
   */
  async function run(sessionId: number, decide: () => Promise<Decision>, actor: Actor, options: StoreOptions = {}): Promise<CommandOutcome> {
    const { commandId } = options
    try {
      const outcome = await decideAndStore(sessionId, decide, actor, options)
      if (outcome.events.length > 0) return outcome
      // A copy with the same key may have been stored since the look-up before deciding (racing copies, on any
      // instance): every copy is answered as the first attempt was, never with a refusal or no-op of its own.
      return (await firstAnswer(sessionId, commandId)) ?? outcome
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      throw (await firstAnswer(sessionId, commandId)) ?? error
    }
  }

  async function decideAndStore(sessionId: number, decide: () => Promise<Decision>, actor: Actor, options: StoreOptions): Promise<CommandOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      // A retried command id is answered with its first attempt's events, before deciding anew refuses it.
      const earlier = await firstAnswer(sessionId, options.commandId)
      if (earlier) return earlier
      const { state, events, notSeen } = await decide()
      if (events.length === 0) return { state, events: [], duplicate: false, feedbackIds: [], notSeen }
      const commitSettled = commits.committing(sessionId)
      try {
        const result = await store(state, events, actor, options)
        if (!result.after) return { state: (await loader.load(sessionId))!, events: result.committed, duplicate: true, feedbackIds: [] }
        return published({ sessionId, events: result.committed, before: state, state: result.after }, result.feedbackIds)
      } catch (error) {
        if (error instanceof RefusedAppend) throw conflict(error.message)
        if (!(error instanceof ConcurrencyError)) throw error
        loader.forget(sessionId)
        if (attempt === DECIDE_ATTEMPTS) throw conflict('The session changed at the same moment. Please try again.')
      } finally {
        commitSettled()
      }
    }
  }

  /** Starts a new session's log with the events of its creation (a unique violation means its code was taken). */
  async function start(sessionId: number, events: SessionEvent[], actor: Actor): Promise<CommandOutcome> {
    const commitSettled = commits.committing(sessionId)
    try {
      const { committed, after } = await store(null, events, actor)
      return published({ sessionId, events: committed, before: null, state: after! })
    } finally {
      commitSettled()
    }
  }

  return { run, start }
}
