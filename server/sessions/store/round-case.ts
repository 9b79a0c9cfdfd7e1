import { sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/** The case a round of a session played and its version, as drawn (the round's last CaseAssigned). */
export interface RoundCase {
  caseId: number
  caseVersion: number
}

/**
 * Read from the log, which keeps every round's draw: a new case in the same round is a later CaseAssigned of that
 * round. Logs written before versions (issue 35) carry none: they played version 1, what each case was then.
 */
export async function roundCase(db: Db, sessionId: number, round: number, caseId?: number): Promise<RoundCase | null> {
  let query = db
    .selectFrom('session_events')
    .select(sql<number>`(payload ->> 'caseId')::bigint`.as('caseId'))
    .select(sql<number>`coalesce((payload ->> 'caseVersion')::integer, 1)`.as('caseVersion'))
    .where('session_id', '=', sessionId)
    .where('type', '=', 'CaseAssigned')
    .where(sql<boolean>`(payload ->> 'round')::integer = ${round}`)
  // The one scored (feedback names it) when the round drew another after it.
  if (caseId !== undefined) query = query.where(sql<boolean>`(payload ->> 'caseId')::bigint = ${caseId}`)
  const row = await query.orderBy('version', 'desc').limit(1).executeTakeFirst()
  return row ? { caseId: Number(row.caseId), caseVersion: Number(row.caseVersion) } : null
}
