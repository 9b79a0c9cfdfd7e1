import type { FastifyBaseLogger } from 'fastify'
import { RUNNING_STATUSES, type Actor, type LeaveReason } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import type { CommandRunner } from '../sessions/engine/command-runner.ts'

export interface LeaveRunningDeps {
  db: Db
  runner: CommandRunner
  log: FastifyBaseLogger
}

/**
 * An account that goes away (deleted, issue 16; suspended, issue 36) leaves every running session it appears in,
 * through the session rules: the Leave command with `reason` ends the sessions it hosts and takes it out of the
 * others, and every instance's rooms hear it as they hear any leave or end. `user.name` is the name the leave is
 * made under (a deleted account's is already "Former user").
 */
export async function leaveRunningSessions(deps: LeaveRunningDeps, user: { id: number; name: string }, reason: LeaveReason): Promise<void> {
  const running = await deps.db
    .selectFrom('session_participants')
    .innerJoin('sessions', 'sessions.id', 'session_participants.session_id')
    .select('sessions.id')
    .where('session_participants.user_id', '=', user.id)
    .where('sessions.status', 'in', RUNNING_STATUSES)
    .execute()
  const actor: Actor = { userId: user.id, name: user.name, isAdmin: false }
  for (const { id } of running) {
    try {
      await deps.runner.execute(id, { type: 'Leave', reason }, actor)
    } catch (error) {
      // The account's change stands either way; a session left running is ended by its other participants or the clock.
      deps.log.error({ err: error, sessionId: id, reason }, 'an account going away could not leave its session')
    }
  }
}
