import t from 'tap'
import type { SessionState } from '../../schemas/session/types.ts'
import type { Db } from '../../server/db/connect.ts'
import { inProcessBus } from '../../server/sessions/cluster/bus.ts'
import type { CommandOutcome, CommandRunner } from '../../server/sessions/engine/command-runner.ts'
import type { SessionLoader } from '../../server/sessions/store/session-loader.ts'
import { createSessionTimers, RETRY_AFTER_FAILURE_MS } from '../../server/sessions/engine/timers.ts'
import { manualClock } from '../helpers/manual-clock.ts'

/**
 * The timer service alone, on a manual clock: the bus and the runner are stand-ins, so each path (arming from a
 * committed batch, an expiry that comes too early, an expiry that fails) is driven and seen directly.
 */

const READING_MS = 2 * 60_000

function readingState(clockNow: number, version = 3): SessionState {
  return {
    sessionId: 7,
    code: 'ABC123',
    title: 'Practice',
    hostUserId: 1,
    createdAt: clockNow,
    status: 'IN_PROGRESS',
    phase: 'READING',
    config: {} as SessionState['config'],
    currentRound: 1,
    caseId: 1,
    caseVersion: 1,
    usedCaseIds: [1],
    participants: [],
    stationProgress: { marks: [], revealedFacts: [] },
    circuit: null,
    recording: null,
    timer: { phase: 'READING', startTimestamp: clockNow, durationSeconds: READING_MS / 1000 },
    caseScored: false,
    topicChoicePending: false,
    endedReason: null,
    madeForLater: false,
    version,
  } as SessionState
}

/** A runner whose answers the test scripts, one per call, recording the commands it was given. */
function scriptedRunner(answers: Array<(state: SessionState) => CommandOutcome>, state: SessionState) {
  const commands: unknown[] = []
  const runner = {
    async execute(_sessionId: number, command: unknown) {
      commands.push(command)
      const answer = answers.shift()
      if (!answer) throw new Error('no scripted answer left')
      return answer(state)
    },
  } as unknown as CommandRunner
  return { runner, commands }
}

function setUp(answers: Array<(state: SessionState) => CommandOutcome>) {
  const clock = manualClock()
  const state = readingState(clock.now())
  const bus = inProcessBus((error) => {
    throw error
  })
  const { runner, commands } = scriptedRunner(answers, state)
  const errors: unknown[] = []
  const timers = createSessionTimers({
    db: null as unknown as Db,
    commits: bus.commits,
    runner,
    loader: null as unknown as SessionLoader,
    now: clock.now,
    setAlarm: clock.setAlarm,
    log: { error: (object) => errors.push(object) },
  })
  const commit = () => bus.commits.publish({ sessionId: state.sessionId, events: [], before: null, state })
  return { clock, state, timers, commands, errors, commit }
}

const nothingStored = (state: SessionState): CommandOutcome => ({ state, events: [], duplicate: false, feedbackIds: [] })
const failing = (): CommandOutcome => {
  throw new Error('database unreachable')
}

t.test('a committed batch arms its session clock, with no call from anyone', async (t) => {
  const { clock, state, timers, commands, commit } = setUp([nothingStored])
  t.teardown(() => timers.close())
  t.equal(clock.nextAlarmAt(), null)
  commit()
  t.equal(clock.nextAlarmAt(), state.timer!.startTimestamp + READING_MS, 'armed for the end of reading')
  await clock.advance(READING_MS)
  t.same(commands, [{ type: 'ExpireTimer', phase: 'READING', startTimestamp: state.timer!.startTimestamp }])
})

t.test('an expiry that stores nothing (it came early, or another instance won) waits for the deadline again', async (t) => {
  const { clock, state, timers, commands, commit } = setUp([nothingStored, nothingStored])
  t.teardown(() => timers.close())
  commit()
  await clock.advance(READING_MS)
  t.equal(commands.length, 1)
  t.equal(clock.nextAlarmAt(), state.timer!.startTimestamp + READING_MS, 're-armed from the state the runner answered')
  await clock.advance(0)
  t.equal(commands.length, 2, 'tried again')
})

t.test('an expiry that fails is logged and retried a few seconds later, until it goes through', async (t) => {
  const { clock, timers, commands, errors, commit } = setUp([failing, failing, nothingStored])
  t.teardown(() => timers.close())
  commit()
  await clock.advance(READING_MS)
  t.equal(errors.length, 1)
  t.equal(clock.nextAlarmAt(), clock.now() + RETRY_AFTER_FAILURE_MS)
  await clock.advance(RETRY_AFTER_FAILURE_MS - 1)
  t.equal(commands.length, 1, 'not before the retry delay')
  await clock.advance(1)
  t.equal(commands.length, 2)
  await clock.advance(RETRY_AFTER_FAILURE_MS)
  t.equal(commands.length, 3)
  t.equal(errors.length, 2)
})

t.test('an ended session, or a closed service, arms nothing', async (t) => {
  const { clock, state, timers, commit } = setUp([])
  state.status = 'COMPLETED'
  commit()
  t.equal(clock.nextAlarmAt(), null)
  state.status = 'IN_PROGRESS'
  await timers.close()
  commit()
  t.equal(clock.nextAlarmAt(), null)
})

t.test('closing waits for an expiry under way, so the database is not closed under it', async (t) => {
  const order: string[] = []
  let finish = () => {}
  const slow = (state: SessionState) =>
    new Promise<CommandOutcome>((resolve) => {
      finish = () => {
        order.push('expiry finished')
        resolve(nothingStored(state))
      }
    }) as unknown as CommandOutcome
  const { clock, timers, commands, commit } = setUp([slow])
  commit()
  const advancing = clock.advance(READING_MS)
  t.equal(commands.length, 1, 'the expiry is under way')
  const closing = timers.close().then(() => order.push('closed'))
  // Give a close that did not wait every chance to finish first.
  await new Promise((resolve) => setImmediate(resolve))
  finish()
  await Promise.all([advancing, closing])
  t.same(order, ['expiry finished', 'closed'])
})
