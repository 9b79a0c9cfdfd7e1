import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { readStream } from './event-store.ts'
import { projectBatch } from './projection.ts'
import { foldEvents, toCommittedEvent } from './session-loader.ts'

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
      const state = foldEvents(null, events.map((committed) => committed.event))
      if (!state) continue
      await trx.deleteFrom('session_participants').where('session_id', '=', sessionId).execute()
      const feedbackVersions = events.filter((committed) => committed.event.type === 'FeedbackSubmitted').map((committed) => committed.version)
      let orphans = trx.deleteFrom('feedback').where('session_id', '=', sessionId)
      if (feedbackVersions.length > 0) orphans = orphans.where('event_version', 'not in', feedbackVersions)
      await orphans.execute()
      await projectBatch(trx, state, events)
    }
    // The identity must stay ahead of every id the log holds, or the next session would collide with one.
    await sql`select setval(pg_get_serial_sequence('sessions', 'id'), greatest((select max(id) from sessions), 1))`.execute(trx)
    return { sessions: ids.length }
  })
}
