import { awaitingNextRound } from '../../../schemas/session/next-round.ts'
import { InFlight } from '../../in-flight.ts'
import type { LiveChannel } from '../fan-out/broadcaster.ts'
import { SYSTEM_ACTOR, type CommandRunner } from './command-runner.ts'
import type { SessionLoader } from '../store/session-loader.ts'

export interface RoundGathererOptions {
  live: LiveChannel
  runner: CommandRunner
  loader: SessionLoader
  log: { error(object: unknown, message: string): void }
}

/**
 * The next round waits, its clock stopped, until everyone in a seat has the room open (next-round.ts). A command
 * that changes the room decides that itself; what no command says is someone opening the room, so when a
 * participant of a waiting round comes online, the server asks for the start, which the decider grants only if
 * everyone is in by then. Every instance hears every presence change: the first start wins, the others find the
 * round started and store nothing.
 */
export function startRoundsWhenEveryoneIsIn({ live, runner, loader, log }: RoundGathererOptions): () => Promise<void> {
  const starts = new InFlight()

  const startIfWaiting = async (sessionCode: string) => {
    const sessionId = await loader.idByCode(sessionCode)
    const state = sessionId === undefined ? null : await loader.load(sessionId)
    if (!state || !awaitingNextRound(state)) return
    await runner.execute(state.sessionId, { type: 'Start', onceEveryoneIn: true }, SYSTEM_ACTOR)
  }

  const unsubscribe = live.onPresence(({ sessionCode, online }) => {
    if (!online) return
    starts.track(() => startIfWaiting(sessionCode)).catch((error) => log.error({ err: error, sessionCode }, 'could not start the waiting round'))
  })

  return async () => {
    unsubscribe()
    await starts.settled()
  }
}
