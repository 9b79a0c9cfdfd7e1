import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

/** A user's live connection to a session (by code). */
export interface Connection {
  sessionCode: string
  userId: number
}

/**
 * The live_presence table: each instance's connections, stamped by its heartbeat with the database's clock (so
 * instances' clocks never need to agree). A row not refreshed within the expiry belongs to an instance that
 * died, or lost the database, and counts for nothing.
 */
export function presenceTable(db: Db, instanceId: string) {
  return {
    /** Marks these connections of this instance as live now. */
    async refresh(connections: Connection[]) {
      if (connections.length === 0) return
      await db
        .insertInto('live_presence')
        .values(connections.map(({ sessionCode, userId }) => ({ instance_id: instanceId, session_code: sessionCode, user_id: userId, last_seen: sql<Date>`now()` })))
        .onConflict((oc) => oc.columns(['instance_id', 'session_code', 'user_id']).doUpdateSet({ last_seen: sql<Date>`now()` }))
        .execute()
    },

    async remove({ sessionCode, userId }: Connection) {
      await db.deleteFrom('live_presence').where('instance_id', '=', instanceId).where('session_code', '=', sessionCode).where('user_id', '=', userId).execute()
    },

    /** This instance's rows (at shutdown), and every instance's expired ones (a dead instance's leftovers). */
    async removeMine() {
      await db.deleteFrom('live_presence').where('instance_id', '=', instanceId).execute()
    },
    async removeExpired(expiryMs: number) {
      await db.deleteFrom('live_presence').where('last_seen', '<', sql<Date>`now() - ${expiryMs} * interval '1 millisecond'`).execute()
    },

    /** Connections other instances have refreshed within the expiry. */
    async liveElsewhere(expiryMs: number): Promise<Connection[]> {
      const rows = await db
        .selectFrom('live_presence')
        .select(['session_code', 'user_id'])
        .distinct()
        .where('instance_id', '!=', instanceId)
        .where('last_seen', '>=', sql<Date>`now() - ${expiryMs} * interval '1 millisecond'`)
        .execute()
      return rows.map((row) => ({ sessionCode: row.session_code, userId: row.user_id }))
    },
  }
}

export type PresenceTable = ReturnType<typeof presenceTable>
