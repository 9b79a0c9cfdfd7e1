import type { CriterionView } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import type { DemoBankCase } from './demo-bank-files.ts'

/**
 * Demo cases loaded before criteria had domains came out of migration 0005 unassigned. Each such criterion of a
 * demo case (found by title) takes the domain the shipped file gives the criterion of the same name; a domain an
 * admin set is never changed, nor a case or criterion the admin renamed. Returns how many cases changed.
 */
export async function assignDemoDomains(db: Db, demoCases: DemoBankCase[]): Promise<number> {
  const shipped = new Map(demoCases.map((demoCase) => [demoCase.body.title, new Map(demoCase.body.feedbackCriteria.map((c) => [c.name, c.domain]))]))
  if (shipped.size === 0) return 0
  const stored = await db.selectFrom('cases').select(['id', 'title', 'feedback_criteria']).where('title', 'in', [...shipped.keys()]).execute()
  let changed = 0
  for (const row of stored) {
    const domains = shipped.get(row.title)
    const criteria = row.feedback_criteria as CriterionView[]
    const assigned = criteria.map((criterion) => (criterion.domain ? criterion : { ...criterion, domain: domains?.get(criterion.name) ?? null }))
    if (assigned.every((criterion, index) => criterion.domain === (criteria[index].domain ?? null))) continue
    await db.updateTable('cases').set({ feedback_criteria: JSON.stringify(assigned), updated_at: new Date() }).where('id', '=', row.id).execute()
    changed += 1
  }
  return changed
}
