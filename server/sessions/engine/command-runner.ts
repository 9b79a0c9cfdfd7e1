import { decide, requireMayUseAtAll } from '../../../schemas/session/index.ts'
import { SessionRuleError, type Actor, type Phase, type SessionCommand, type SessionConfig, type SessionEvent } from '../../../schemas/session/types.ts'
import type { CaseBankCache } from '../../content/case-bank-cache.ts'
import type { Db } from '../../db/connect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { HttpError, notFound } from '../../errors.ts'
import type { CommitChannel } from '../cluster/bus.ts'
import { nextSessionId } from '../store/projection.ts'
import type { SessionLoader } from '../store/session-loader.ts'
import { createCommandHandler, type CommandOutcome, type Decision, type StoreOptions } from './command-handler.ts'
import { loadDecisionContext } from './decision-context.ts'
import { generateSessionCode } from './session-codes.ts'
import { isStepCommand, requireStepSeen, stepNotSeen, stepOf, type DecideOptions } from './step-guard.ts'

export type { CommandOutcome } from './command-handler.ts'

/** Who the timer service acts as: stored with no actor id, since no user asked for it. */
export const SYSTEM_ACTOR: Actor = { userId: 0, name: 'Session clock', isAdmin: false }

export interface CommandRunner {
  /** Decides the command against the session's current state, stores the events and read models, then publishes. */
  execute(sessionId: number, command: SessionCommand, actor: Actor, options?: RunOptions): Promise<CommandOutcome>
  /**
   * Creates a session with a fresh id and code, the actor as host. madeForLater: the session keeps its host's
   * other sessions until it starts (issue 30).
   */
  create(title: string, config: SessionConfig, actor: Actor, madeForLater?: boolean): Promise<CommandOutcome>
  /** Would the command be accepted now? Decides without storing: for questions like "which roles are free". */
  wouldAccept(sessionId: number, command: SessionCommand, actor: Actor): Promise<boolean>
}

export interface RunOptions extends StoreOptions {
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
}

export interface CommandRunnerOptions {
  db: Db
  commits: CommitChannel
  loader: SessionLoader
  now: () => number
  /** What decisions read of the case bank, kept in memory while the bank is unchanged. */
  caseBank: CaseBankCache
  /** Live presence across instances: the next round's clock starts once everyone has the room open (next-round.ts). */
  inRoom: (sessionCode: string, userId: number) => boolean
}

const CREATE_ATTEMPTS = 3

/** The domain's refusal as the HTTP error the client reads. */
export function asHttpError(error: unknown): unknown {
  return error instanceof SessionRuleError ? new HttpError(error.status, error.message) : error
}

/** The session's commands on the generic command path (command-handler.ts): what is decided, and against which state. */
export function createCommandRunner({ db, commits, loader, now, caseBank, inRoom }: CommandRunnerOptions): CommandRunner {
  const handler = createCommandHandler({ db, commits, loader, actorIdOf: (actor) => (actor === SYSTEM_ACTOR ? null : actor.userId) })

  /**
   * Decides against the cached state when there is one: the append's version check refuses it if the log has
   * moved on. A refusal or a no-op is not stored, so nothing checks it: it is confirmed against the log first.
   */
  async function decideNow(sessionId: number, command: SessionCommand, actor: Actor, options: DecideOptions = {}, fromLog = false): Promise<Decision> {
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

  function execute(sessionId: number, command: SessionCommand, actor: Actor, options: RunOptions = {}) {
    const { commandId, refusals, ...seen } = options
    // A racing writer changed the session: decide again against what it did, a step command only if the session
    // is still at the step its caller saw the first time.
    const decideOptions: DecideOptions = { ...seen }
    const decideAttempt = async () => {
      const decision = await decideNow(sessionId, command, actor, decideOptions)
      if (isStepCommand(command.type)) decideOptions.expectStep ??= stepOf(decision.state)
      return decision
    }
    return handler.run(sessionId, decideAttempt, actor, { commandId, refusals })
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
      try {
        return await handler.start(sessionId, events, actor)
      } catch (error) {
        // Two sessions drew the same code (about one in 10^12): draw again.
        if (!isUniqueViolation(error) || attempt === CREATE_ATTEMPTS) throw error
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
