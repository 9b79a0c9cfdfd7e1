import { sql, type RawBuilder } from 'kysely'
import { decide, evolve, requireMayUseAtAll } from '../../../schemas/session/index.ts'
import { SessionRuleError, type Actor, type Phase, type SessionCommand, type SessionConfig, type SessionEvent, type SessionState } from '../../../schemas/session/types.ts'
import type { CaseBankCache } from '../../content/case-bank-cache.ts'
import type { Db } from '../../db/connect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { conflict, HttpError, notFound } from '../../errors.ts'
import type { CommittedBatch, CommittedEvent, SessionBus } from '../cluster/bus.ts'
import { loadDecisionContext } from './decision-context.ts'
import { CASE_STAMP_SQL } from '../store/case-view-cache.ts'
import { alongsideRows, appendEvents, ConcurrencyError, eventsOfCommand, RefusedAppend, toCommittedEvent, toNewEvent, type AppendRefusal } from '../store/event-store.ts'
import { latestJoinWrite } from '../store/latest-joins.ts'
import { feedbackWrites, nextSessionId, sessionRowWrites } from '../store/projection.ts'
import { generateSessionCode } from './session-codes.ts'
import { isStepCommand, requireStepSeen, stepNotSeen, stepOf, type DecideOptions } from './step-guard.ts'
import type { SessionLoader } from '../store/session-loader.ts'

/** Who the timer service acts as: stored with no actor id, since no user asked for it. */
export const SYSTEM_ACTOR: Actor = { userId: 0, name: 'Session clock', isAdmin: false }

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

export interface CommandRunner {
  /** Decides the command against the session's current state, stores the events and read models, then publishes. */
  execute(sessionId: number, command: SessionCommand, actor: Actor, options?: RunOptions): Promise<CommandOutcome>
  /** Creates a session with a fresh id and code, the actor as host. */
  /** madeForLater: the session keeps its host's other sessions until it starts (issue 30). */
  create(title: string, config: SessionConfig, actor: Actor, madeForLater?: boolean): Promise<CommandOutcome>
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
  /** The case the caller saw, for New Case: if it was replaced meanwhile, the command is refused (409). */
  expectCaseId?: number
  /**
   * For a step command that names no phase (the spec's client sends none): when its request arrived (engine
   * clock). Its caller can only have seen a phase that had been running for a moment by then, so at a phase that
   * began less than SETTLE_MS before, or a step reached while the request was handled, it does nothing (notSeen).
   * A double click, or a click as the clock ran out, then moves the session one step, not two, however long the
   * requests wait to be handled.
   */
  sentAt?: number
  /**
   * Conditions outside the session under which the command is refused (409 with the refusal's reason), checked by
   * the statement that stores its events: no round trip of their own.
   */
  refusals?: AppendRefusal[]
}

export interface CommandRunnerOptions {
  db: Db
  bus: SessionBus
  loader: SessionLoader
  now: () => number
  /** What decisions read of the case bank, kept in memory while the bank is unchanged. */
  caseBank: CaseBankCache
  /** Live presence across instances: the next round's clock starts once everyone has the room open (next-round.ts). */
  inRoom: (sessionCode: string, userId: number) => boolean
}

const CREATE_ATTEMPTS = 3
/** Each racing writer costs a command one attempt: enough for a room's worth of people acting at once. */
const DECIDE_ATTEMPTS = 6

/** The domain's refusal as the HTTP error the client reads. */
export function asHttpError(error: unknown): unknown {
  return error instanceof SessionRuleError ? new HttpError(error.status, error.message) : error
}

export function createCommandRunner({ db, bus, loader, now, caseBank, inRoom }: CommandRunnerOptions): CommandRunner {
  /**
   * Appends the decided events with their read models and the notice to other instances, in one statement
   * (appendEvents), which also answers the stored feedback's ids and the stamp of the case the session shows
   * (the live SESSION_UPDATE then reads the case only if it changed). `after` is null when the command id was
   * already stored (a retry racing its first attempt).
   */
  async function store(before: SessionState | null, events: SessionEvent[], actor: Actor, commandId?: string, refusals?: AppendRefusal[]) {
    const after = events.reduce<SessionState | null>(evolve, before)!
    const fromVersion = (before?.version ?? 0) + 1
    // The read models are written from the state the events lead to, with the versions the append gives them
    // (a failed append writes none of it).
    const projected = events.map((event, index) => ({ version: fromVersion + index, event }))
    const joined = latestJoinWrite(db, actor.userId, after.sessionId, events)
    const feedback = feedbackWrites(after, projected)
    const reads: Record<string, RawBuilder<unknown>> = {}
    if (feedback.length > 0) reads.feedbackIds = sql`json_build_array(${sql.join(feedback.map((_, index) => sql`(select id from ${alongsideRows(index)})`))})`
    if (after.caseId !== null) {
      reads.caseStamp = sql`select ${sql.raw(CASE_STAMP_SQL)} from cases join categories on categories.id = cases.category_id where cases.id = ${after.caseId}`
    }
    const appended = await appendEvents(
      db,
      {
        sessionId: after.sessionId,
        expectedVersion: before?.version ?? 0,
        events: events.map(toNewEvent),
        actorUserId: actor === SYSTEM_ACTOR ? null : actor.userId,
        commandId,
        refusals,
      },
      [...feedback, ...sessionRowWrites(before, after, projected), ...(joined ? [joined] : [])],
      bus.announcement({ sessionId: after.sessionId, version: after.version }),
      reads,
    )
    const { feedbackIds = [], caseStamp } = appended.reads as { feedbackIds?: number[]; caseStamp?: string | null }
    return { committed: appended.events.map(toCommittedEvent), after: appended.duplicate ? null : after, feedbackIds, caseStamp: caseStamp ?? undefined }
  }

  function published(batch: CommittedBatch, feedbackIds: number[] = []): CommandOutcome {
    loader.remember(batch.state)
    bus.publish(batch)
    return { state: batch.state, events: batch.events, duplicate: false, feedbackIds }
  }


  /**
   * Decides against the cached state when there is one: the append's version check refuses it if the log has
   * moved on. A refusal or a no-op is not stored, so nothing checks it: it is confirmed against the log first.
   */
  async function decideNow(
    sessionId: number,
    command: SessionCommand,
    actor: Actor,
    options: DecideOptions = {},
    fromLog = false,
  ): Promise<{ state: SessionState; events: SessionEvent[]; notSeen?: string }> {
    const cached = fromLog ? null : loader.cached(sessionId)
    const state = cached ?? (await loader.load(sessionId))
    if (!state) throw notFound('Session not found')
    try {
      // Who may act first: the timing checks below would tell anyone about the session's clock.
      if (isStepCommand(command.type)) requireMayUseAtAll(state, command.type, actor)
      requireStepSeen(state, options)
      const notSeen = stepNotSeen(state, options)
      if (notSeen !== undefined) return cached ? decideNow(sessionId, command, actor, options, true) : { state, events: [], notSeen }
      const ctx = await loadDecisionContext(db, command, state, { now: now(), inRoom: (userId) => inRoom(state.code, userId) }, caseBank)
      const events = decide(state, command, actor, ctx)
      if (events.length === 0 && cached) return decideNow(sessionId, command, actor, options, true)
      return { state, events }
    } catch (error) {
      if (cached && (error instanceof HttpError || error instanceof SessionRuleError)) return decideNow(sessionId, command, actor, options, true)
      throw asHttpError(error)
    }
  }

  /** The first attempt's answer to a command id already stored (by this instance or another), else null. */
  async function firstAnswer(sessionId: number, commandId: string | undefined): Promise<CommandOutcome | null> {
    const earlier = commandId ? await eventsOfCommand(db, sessionId, commandId) : null
    return earlier && { state: (await loader.load(sessionId))!, events: earlier.map(toCommittedEvent), duplicate: true, feedbackIds: [] }
  }

  async function execute(sessionId: number, command: SessionCommand, actor: Actor, options: RunOptions = {}) {
    const { commandId } = options
    try {
      const outcome = await decideAndStore(sessionId, command, actor, options)
      if (outcome.events.length > 0) return outcome
      // A copy with the same key may have been stored since the look-up before deciding (racing copies, on any
      // instance): every copy is answered as the first attempt was, never with a refusal or no-op of its own.
      return (await firstAnswer(sessionId, commandId)) ?? outcome
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      throw (await firstAnswer(sessionId, commandId)) ?? error
    }
  }

  async function decideAndStore(sessionId: number, command: SessionCommand, actor: Actor, options: RunOptions): Promise<CommandOutcome> {
    const { commandId, refusals, ...seen } = options
    // A racing writer changed the session: decide again against what it did, a step command only if the
    // session is still at the step its caller saw.
    const decideOptions: DecideOptions = { ...seen }
    for (let attempt = 1; ; attempt += 1) {
      // A retried command id is answered with its first attempt's events, before deciding anew refuses it.
      const earlier = await firstAnswer(sessionId, commandId)
      if (earlier) return earlier
      const { state, events, notSeen } = await decideNow(sessionId, command, actor, decideOptions)
      if (isStepCommand(command.type)) decideOptions.expectStep ??= stepOf(state)
      if (events.length === 0) return { state, events: [], duplicate: false, feedbackIds: [], notSeen }
      const commitSettled = bus.committing(sessionId)
      try {
        const result = await store(state, events, actor, commandId, refusals)
        if (!result.after) return { state: (await loader.load(sessionId))!, events: result.committed, duplicate: true, feedbackIds: [] }
        const batch = { sessionId, events: result.committed, before: state, state: result.after, caseStamp: result.caseStamp }
        return published(batch, result.feedbackIds)
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

  async function create(title: string, config: SessionConfig, actor: Actor, madeForLater = false) {
    for (let attempt = 1; ; attempt += 1) {
      const sessionId = await nextSessionId(db)
      const command: SessionCommand = { type: 'Create', sessionId, code: generateSessionCode(), title, config, ...(madeForLater ? { madeForLater: true as const } : {}) }
      let events: SessionEvent[]
      try {
        events = decide(null, command, actor, await loadDecisionContext(db, command, null, { now: now(), inRoom: () => false }, caseBank))
      } catch (error) {
        throw asHttpError(error)
      }
      const commitSettled = bus.committing(sessionId)
      try {
        const { committed, after, caseStamp } = await store(null, events, actor)
        return published({ sessionId, events: committed, before: null, state: after!, caseStamp })
      } catch (error) {
        // Two sessions drew the same code (about one in 10^12): draw again.
        if (!isUniqueViolation(error) || attempt === CREATE_ATTEMPTS) throw error
      } finally {
        commitSettled()
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
