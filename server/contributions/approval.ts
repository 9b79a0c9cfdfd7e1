import type { Transaction } from 'kysely'
import { checkSubmission, type ContributionContent } from '../../schemas/contributions/contribution-body.ts'
import { contributionAttribution } from '../../schemas/practice-material.ts'
import { normaliseCase } from '../content/case-rules.ts'
import { saveCaseIn } from '../content/cases-repo.ts'
import type { CaseBody } from '../../schemas/content.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import type { Database } from '../db/schema.ts'
import { badRequest, conflict } from '../errors.ts'
import { addThreadEntry, categoryExists, moveTo, type ContributionRow } from './contributions-repo.ts'

export const CATEGORY_GONE = 'Category not found'
export const NO_LONGER_VALID = "This case no longer passes the bank's rules: ask its author for changes"

/**
 * The contribution as the bank's case body, or every field that is missing or wrong (the author's editor shows
 * each under its field). The category is looked up too: it may have been deleted since it was chosen.
 */
export async function checkedCase(trx: Transaction<Database>, content: ContributionContent, today: string): Promise<{ ok: true; value: CaseBody } | { ok: false; errors: FieldErrors }> {
  const checked = checkSubmission(content, today)
  const categoryMissing = content.category !== null && !(await categoryExists(trx, content.category.id))
  if (checked.ok && !categoryMissing) return checked
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...(categoryMissing ? { category: CATEGORY_GONE } : {}) } }
}

/** Submitting: a 400 naming each problem, the first one in its message. */
export async function submittableCase(trx: Transaction<Database>, content: ContributionContent, today: string): Promise<CaseBody> {
  const checked = await checkedCase(trx, content, today)
  if (checked.ok) return checked.value
  throw badRequest(`The case is not ready to submit: ${Object.values(checked.errors)[0]}`, { validationErrors: checked.errors })
}

/**
 * Approval, within the caller's transaction that holds the contribution's row locked: the case enters the bank as
 * its version 1, saved by the reviewer and credited to its author (by name, or anonymous as they chose), and the
 * contribution records it. A failure anywhere leaves no case behind.
 */
export async function approveIn(trx: Transaction<Database>, row: ContributionRow, reviewerId: number, note: string, today: string): Promise<number> {
  const checked = await checkedCase(trx, row.content as ContributionContent, today)
  // The author fixes a case; the reviewer hears what needs fixing, to ask for it.
  if (!checked.ok) throw conflict(NO_LONGER_VALID, { validationErrors: checked.errors })
  const saved = await saveCaseIn(trx, normaliseCase(checked.value), undefined, {
    savedBy: reviewerId,
    contributor: { id: row.author_id, shownName: contributionAttribution({ showName: row.show_name, authorName: row.author_name }).contributorName },
  })
  if (!saved.ok) throw conflict(NO_LONGER_VALID, { validationErrors: { category: CATEGORY_GONE } })
  await moveTo(trx, row.id, 'APPROVED', { caseId: saved.id })
  await addThreadEntry(trx, row.id, reviewerId, 'APPROVED', note)
  return saved.id
}
