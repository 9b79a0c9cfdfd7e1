import { sql } from 'kysely'
import { RUNNING_STATUSES } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { normaliseCase } from './case-rules.ts'
import { saveCase } from './cases-repo.ts'
import type { DemoBankCase } from './demo-bank-files.ts'

/**
 * Demo cases stored before the bank was written in the exam's shape (issue 32) are rewritten in it, matched by
 * title: only those still in the older shape that no admin has edited since they were seeded (an edit stamps
 * `updated_at`) and that no running session plays (its feedback form names the old criteria). Every other case,
 * and the feedback given on any, is left as it is. Answers how many were rewritten; a second run rewrites none.
 */
export async function upgradeDemoCases(db: Db, demoCases: DemoBankCase[]): Promise<number> {
  const shipped = new Map(demoCases.map((demoCase) => [demoCase.body.title, demoCase]))
  if (shipped.size === 0) return 0
  const stale = await db
    .selectFrom('cases')
    .select(['id', 'title', 'category_id'])
    .where('title', 'in', [...shipped.keys()])
    .where('station', 'is', null)
    .where(sql<boolean>`updated_at = created_at`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('sessions').select('id').whereRef('sessions.case_id', '=', 'cases.id').where('status', 'in', RUNNING_STATUSES))))
    .execute()
  for (const row of stale) {
    const demoCase = shipped.get(row.title)!
    // Still untouched as it is saved: an admin's edit a moment ago wins. The rewrite is the case's next version.
    await saveCase(db, normaliseCase({ ...demoCase.body, category: { id: row.category_id } }), row.id, { onlyIfUntouched: true })
  }
  return stale.length
}
