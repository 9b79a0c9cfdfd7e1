import { sql } from 'kysely'
import { evolve } from '../../../schemas/session/index.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import type { CommittedBatch } from '../cluster/bus.ts'
import { toCommittedEvent, toStoredEvent } from './event-store.ts'
import type { SessionLoader } from './session-loader.ts'

/**
 * The events of a version window as the batches they were committed in, each with the states before and after it. One
 * transaction appends one command's events, so grouping by the inserting transaction (`xmin`) gives exactly the
 * batches the committing instance published: an instance filling a gap from the store renders the same live
 * messages as the one that made the commit. Answers an empty list when the window is not (yet) in the store.
 */
export async function readCommittedBatches(
  db: Db,
  loader: SessionLoader,
  sessionId: number,
  window: { from: number; to: number; before?: SessionState | null },
): Promise<CommittedBatch[]> {
  const { from, to } = window
  const rows = await db
    .selectFrom('session_events')
    .selectAll()
    .select(sql<string>`xmin::text`.as('transaction'))
    .where('session_id', '=', sessionId)
    .where('version', '>=', from)
    .where('version', '<=', to)
    .orderBy('version')
    .execute()
  if (rows.length === 0) return []
  const groups: (typeof rows)[] = []
  for (const row of rows) {
    const last = groups.at(-1)
    if (last && last[0].transaction === row.transaction) last.push(row)
    else groups.push([row])
  }
  // The state after `from - 1`: handed in by the caller that delivered it, else rebuilt from the log.
  let state = from > 1 ? (window.before ?? (await loader.loadAt(sessionId, from - 1))) : null
  return groups.map((group) => {
    const events = group.map((row) => toCommittedEvent(toStoredEvent(row)))
    const before = state
    state = events.map(({ event }) => event).reduce<SessionState | null>(evolve, before)!
    return { sessionId, events, before, state }
  })
}
