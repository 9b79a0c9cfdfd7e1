import type { StepCommandType } from '../../../schemas/session/index.ts'
import type { SessionCommand, SessionState } from '../../../schemas/session/types.ts'
import { conflict } from '../../errors.ts'
import type { RunOptions } from './command-runner.ts'

/**
 * The guard at the edge for the spec's client, which names no step with its skip or new case (issue 30, items 9
 * and 10): a press that lands in a phase that has only just begun, or after the session moved on while it was
 * handled, does nothing rather than move the session twice. Clients that name the step they saw (expectPhase,
 * expectCaseId) are held to it instead.
 */

/** How long a new phase takes to reach a person and be acted on: shorter than any deliberate second click. */
export const SETTLE_MS = 1000

/**
 * Commands that move the session on from wherever it stands: decided again after a racing write, they would move
 * it on a second time. After a conflict they are retried only if the session is still at the step they saw.
 * The others (join, leave, feedback, complete...) mean the same whatever happened meanwhile, or are refused by
 * the rules when they no longer fit.
 */
const STEP_COMMANDS = new Set<SessionCommand['type']>(['SkipPhase', 'NewCase', 'SelectNewTopic'] satisfies StepCommandType[])
export const isStepCommand = (type: SessionCommand['type']): type is StepCommandType => STEP_COMMANDS.has(type)

/** Where the session stands: what a step command moves on from. */
export const stepOf = (state: SessionState) => JSON.stringify([state.phase, state.caseId, state.currentRound, state.timer?.startTimestamp, state.topicChoicePending])

export interface DecideOptions extends Omit<RunOptions, 'commandId' | 'refusals'> {
  /** Set after the first decision of a step command (stepOf): a retry at another step is refused. */
  expectStep?: string
}

/** Refuses a command meant for a step the session has left, when its caller named the step it saw. */
export function requireStepSeen(state: SessionState, options: DecideOptions) {
  const phase = state.phase.toLowerCase()
  if (options.expectPhase && state.phase !== options.expectPhase) throw conflict(`The session has already moved on to the ${phase} phase`)
  if (options.expectCaseId !== undefined && state.caseId !== options.expectCaseId) throw conflict('The case has already been changed')
  if (options.sentAt === undefined && options.expectStep !== undefined && stepOf(state) !== options.expectStep) {
    throw conflict(`The session moved on (now in the ${phase} phase) while your request was handled: nothing was done`)
  }
}

/** For a command that named no step (sentAt): why its caller cannot have meant the step the session is at, if so. */
export function stepNotSeen(state: SessionState, { sentAt, expectStep }: DecideOptions): string | undefined {
  if (sentAt === undefined) return undefined
  const phase = state.phase.toLowerCase()
  if (expectStep !== undefined && stepOf(state) !== expectStep) return `The session moved on (now in the ${phase} phase) while your request was handled: nothing was done`
  if (state.timer && sentAt - state.timer.startTimestamp < SETTLE_MS) return `The ${phase} phase has only just begun: nothing was done. Press again if you meant this phase.`
  return undefined
}
