import type { Transaction } from 'kysely'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'

/**
 * Every maintainer's look at a session is written down with who looked (issue 37): `lookedAt` says what they
 * looked at ("timeline", "state at version 12", "export", "timeline of unknown code K7MQ-2XD9", or the search they
 * ran, without the name or email searched for: admin-session-routes.ts).
 */
export async function recordLookup(db: Db, lookup: { adminId: number; sessionId: number | null; lookedAt: string; at: Date }): Promise<void> {
  await db.insertInto('admin_session_lookups').values({ admin_id: lookup.adminId, session_id: lookup.sessionId, looked_at: lookup.lookedAt, at: lookup.at }).execute()
}

/** The export of an admin's own data: the sessions they looked at, and when. */
export function lookupsBy(db: Db, adminId: number) {
  return db
    .selectFrom('admin_session_lookups as l')
    .leftJoin('sessions', 'sessions.id', 'l.session_id')
    .select(['sessions.code as sessionCode', 'l.looked_at as lookedAt', 'l.at'])
    .where('l.admin_id', '=', adminId)
    .orderBy('l.at')
    .orderBy('l.id')
    .execute()
}

/** A deleted admin's lookups stay, for the sessions' record, naming nobody. */
export const eraseLookupsBy = (trx: Transaction<Database>, adminId: number) =>
  trx.updateTable('admin_session_lookups').set({ admin_id: null }).where('admin_id', '=', adminId).execute()
