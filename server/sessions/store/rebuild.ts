import { sql } from 'kysely'
import { evolve } from '../../../schemas/session/index.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { readStream, toCommittedEvent } from './event-store.ts'
import { readModelWrites } from './read-models.ts'

/**
 * Rebuilds the session read models from the log (DESIGN.md: the log is the truth). Each session's whole log is
 * projected as one batch, which writes the same rows as projecting it command by command; rows the log does not
 * explain are removed. Feedback rows already present keep the case title copied when they were given.
 * Runs in one transaction: readers see the old read models or the new ones, never half of each.
 */
export async function rebuildReadModels(db: Db): Promise<{ sessions: number }> {
  return db.transaction().execute(async (trx) => {
    const streams = await trx.selectFrom('session_events').select('session_id').distinct().orderBy('session_id').execute()
    const ids = streams.map((row) => row.session_id)
    if (ids.length === 0) {
      await trx.deleteFrom('sessions').execute()
      return { sessions: 0 }
    }
    await trx.deleteFrom('sessions').where('id', 'not in', ids).execute()
    for (const sessionId of ids) {
      const events = (await readStream(trx, sessionId)).map(toCommittedEvent)
      const state = events.map((committed) => committed.event).reduce<SessionState | null>(evolve, null)
      if (!state) continue
      await trx.deleteFrom('session_participants').where('session_id', '=', sessionId).execute()
      const feedbackVersions = events.filter((committed) => committed.event.type === 'FeedbackSubmitted').map((committed) => committed.version)
      let orphans = trx.deleteFrom('feedback').where('session_id', '=', sessionId)
      if (feedbackVersions.length > 0) orphans = orphans.where('event_version', 'not in', feedbackVersions)
      await orphans.execute()
      // The whole log as one batch writes the same rows as the commands wrote batch by batch: the session row and
      // participants are written whole from the state, and feedback once per event.
      const { writes } = readModelWrites({ before: null, after: state, events, actorUserId: null }, trx)
      for (const write of writes) await sql`${write}`.execute(trx)
    }
    // The log keeps the feedback a deleted account received (its comments blanked); the read model does not.
    await trx.deleteFrom('feedback').where('to_user_id', 'in', trx.selectFrom('erased_accounts').select('user_id')).execute()
    // The identity must stay ahead of every id the log holds, or the next session would collide with one.
    await sql`select setval(pg_get_serial_sequence('sessions', 'id'), greatest((select max(id) from sessions), 1))`.execute(trx)
    return { sessions: ids.length }
  })
}

