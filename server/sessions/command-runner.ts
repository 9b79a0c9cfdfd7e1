import { sql } from 'kysely'
import { decide } from '../../schemas/session/index.ts'
import { SessionRuleError, type Actor, type Phase, type SessionCommand, type SessionConfig, type SessionEvent, type SessionState } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { conflict, HttpError, notFound } from '../errors.ts'
import type { CommittedBatch, CommittedEvent, SessionBus } from './bus.ts'
import { loadDecisionContext } from './decision-context.ts'
import { appendEvents, ConcurrencyError, eventsOfCommand } from './event-store.ts'
import { projectBatch } from './projection.ts'
import { generateSessionCode } from './session-codes.ts'
import { foldEvents, toCommittedEvent, toNewEvent, type SessionLoader } from './session-loader.ts'

/** Who the timer service acts as: stored with no actor id, since no user asked for it. */
export const SYSTEM_ACTOR: Actor = { userId: 0, name: 'Session clock', isAdmin: false }

export interface CommandOutcome {
  state: SessionState
  /** The events this command stored (or stored the first time, for a retried command id); empty for a no-op. */
  events: CommittedEvent[]
  duplicate: boolean
}

export interface CommandRunner {
  /** Decides the command against the session's current state, stores the events and read models, then publishes. */
  execute(sessionId: number, command: SessionCommand, actor: Actor, options?: RunOptions): Promise<CommandOutcome>
  /** Creates a session with a fresh id and code, the actor as host. */
  create(title: string, config: SessionConfig, actor: Actor): Promise<CommandOutcome>
  /** Would the command be accepted now? Decides without storing: for questions like "which roles are free". */
  wouldAccept(sessionId: number, command: SessionCommand, actor: Actor): Promise<boolean>
}

export interface RunOptions {
  /** Idempotency key: a retry with the same id answers the first attempt's events. */
  commandId?: string
  /**
   * The phase the caller saw when it decided to act. A command like "skip" means "skip the phase I am looking
   * at": if the clock moved the session on first, it is refused (409) instead of skipping the next phase too.
   */
  expectPhase?: Phase
}

export interface CommandRunnerOptions {
  db: Db
  bus: SessionBus
  loader: SessionLoader
  now: () => number
}

const UNIQUE_VIOLATION = '23505'
const CREATE_ATTEMPTS = 3

/** The domain's refusal as the HTTP error the client reads. */
function asHttpError(error: unknown): unknown {
  return error instanceof SessionRuleError ? new HttpError(error.status, error.message) : error
}

export function createCommandRunner({ db, bus, loader, now }: CommandRunnerOptions): CommandRunner {
  /**
   * Appends the decided events with their read models in one transaction and announces them to other instances.
   * `after` is null when the command id was already stored (a retry racing its first attempt).
   */
  async function store(before: SessionState | null, events: SessionEvent[], actor: Actor, commandId?: string) {
    const after = foldEvents(before, events)!
    return db.transaction().execute(async (trx) => {
      const appended = await appendEvents(trx, {
        sessionId: after.sessionId,
        expectedVersion: before?.version ?? 0,
        events: events.map(toNewEvent),
        actorUserId: actor === SYSTEM_ACTOR ? null : actor.userId,
        commandId,
      })
      const committed = appended.events.map(toCommittedEvent)
      if (appended.duplicate) return { committed, after: null }
      await projectBatch(trx, after, committed)
      await bus.announce(trx, { sessionId: after.sessionId, fromVersion: committed[0].version, version: after.version })
      return { committed, after }
    })
  }

  function published(batch: CommittedBatch): CommandOutcome {
    loader.remember(batch.state)
    bus.publish(batch)
    return { state: batch.state, events: batch.events, duplicate: false }
  }

  async function decideNow(sessionId: number, command: SessionCommand, actor: Actor, expectPhase?: Phase) {
    const state = await loader.load(sessionId)
    if (!state) throw notFound('Session not found')
    if (expectPhase && state.phase !== expectPhase) {
      throw conflict(`The session has already moved on to the ${state.phase.toLowerCase()} phase`)
    }
    const ctx = await loadDecisionContext(db, command, state.caseId, now())
    try {
      return { state, events: decide(state, command, actor, ctx) }
    } catch (error) {
      throw asHttpError(error)
    }
  }

  async function execute(sessionId: number, command: SessionCommand, actor: Actor, options: RunOptions = {}) {
    const { commandId, expectPhase } = options
    if (commandId) {
      const earlier = await eventsOfCommand(db, sessionId, commandId)
      if (earlier) return { state: (await loader.load(sessionId))!, events: earlier.map(toCommittedEvent), duplicate: true }
    }
    // One retry: a racing writer moved the session on, so decide again against what it did.
    for (let attempt = 1; ; attempt += 1) {
      const { state, events } = await decideNow(sessionId, command, actor, expectPhase)
      if (events.length === 0) return { state, events: [], duplicate: false }
      try {
        const result = await store(state, events, actor, commandId)
        if (!result.after) return { state: (await loader.load(sessionId))!, events: result.committed, duplicate: true }
        return published({ sessionId, events: result.committed, state: result.after })
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error
        loader.forget(sessionId)
        if (attempt === 2) throw conflict('The session changed at the same moment. Please try again.')
      }
    }
  }

  async function create(title: string, config: SessionConfig, actor: Actor) {
    for (let attempt = 1; ; attempt += 1) {
      const sessionId = await nextSessionId(db)
      const command: SessionCommand = { type: 'Create', sessionId, code: generateSessionCode(), title, config }
      let events: SessionEvent[]
      try {
        events = decide(null, command, actor, await loadDecisionContext(db, command, null, now()))
      } catch (error) {
        throw asHttpError(error)
      }
      try {
        const { committed, after } = await store(null, events, actor)
        return published({ sessionId, events: committed, state: after! })
      } catch (error) {
        // Two sessions drew the same code (about one in 10^12): draw again.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt === CREATE_ATTEMPTS) throw error
      }
    }
  }

  async function wouldAccept(sessionId: number, command: SessionCommand, actor: Actor) {
    try {
      const { events } = await decideNow(sessionId, command, actor)
      return events.length > 0
    } catch (error) {
      if (error instanceof HttpError && error.statusCode !== 404) return false
      throw error
    }
  }

  return { execute, create, wouldAccept }
}

/** Session ids come from the read model's identity, so the log and the row share one id from the start. */
async function nextSessionId(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('sessions', 'id')) as id`.execute(db)
  return Number(rows[0].id)
}
