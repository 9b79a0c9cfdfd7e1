import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/** A user's live connection to a session (by code). */
export interface Connection {
  sessionCode: string
  userId: number
}

/** Rows per statement when an instance stores all its connections again (3 parameters each: far below PostgreSQL's 65,535). */
const ROWS_PER_INSERT = 1000

/**
 * The live_instances and live_presence tables. An instance's heartbeat stamps its own row with the database's
 * clock (so instances' clocks never need to agree); its connections are rows of their own, written when they
 * open and close, and count while the instance's stamp is fresh. An instance not stamped within the expiry died
 * or lost the database: deleting its row deletes its connections (on delete cascade).
 */
export function presenceTable(db: Db, instanceId: string) {
  const add = async (connections: Connection[]) => {
    for (let first = 0; first < connections.length; first += ROWS_PER_INSERT) {
      await db
        .insertInto('live_presence')
        .values(connections.slice(first, first + ROWS_PER_INSERT).map(({ sessionCode, userId }) => ({ instance_id: instanceId, session_code: sessionCode, user_id: userId })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    }
  }

  return {
    add: (connection: Connection) => add([connection]),

    /**
     * Stamps this instance as alive now. If its row was gone (its first beat, or another instance removed it as
     * expired after this one lost the database for a while), its connections went with it: they are stored again.
     */
    async beat(connections: () => Connection[]) {
      const { rows } = await sql<{ inserted: boolean }>`
        insert into live_instances (instance_id, last_seen) values (${instanceId}, now())
        on conflict (instance_id) do update set last_seen = now()
        returning (xmax = 0) as inserted`.execute(db)
      if (rows[0].inserted) await add(connections())
    },

    async remove({ sessionCode, userId }: Connection) {
      await db.deleteFrom('live_presence').where('instance_id', '=', instanceId).where('session_code', '=', sessionCode).where('user_id', '=', userId).execute()
    },

    /** This instance and its connections (at shutdown). */
    async removeMine() {
      await db.deleteFrom('live_instances').where('instance_id', '=', instanceId).execute()
    },
    /** Every instance not stamped within the expiry, with its connections: a dead instance's leftovers. */
    async removeExpired(expiryMs: number) {
      await db.deleteFrom('live_instances').where('last_seen', '<', sql<Date>`now() - ${expiryMs} * interval '1 millisecond'`).execute()
    },

    /** Connections of the other instances stamped within the expiry. */
    async liveElsewhere(expiryMs: number): Promise<Connection[]> {
      const rows = await db
        .selectFrom('live_presence')
        .innerJoin('live_instances', 'live_instances.instance_id', 'live_presence.instance_id')
        .select(['live_presence.session_code', 'live_presence.user_id'])
        .distinct()
        .where('live_instances.instance_id', '!=', instanceId)
        .where('live_instances.last_seen', '>=', sql<Date>`now() - ${expiryMs} * interval '1 millisecond'`)
        .execute()
      return rows.map((row) => ({ sessionCode: row.session_code, userId: row.user_id }))
    },
  }
}

export type PresenceTable = ReturnType<typeof presenceTable>
