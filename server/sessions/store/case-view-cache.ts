import type { CaseView } from '../../../schemas/content.ts'
import { findCase } from '../../content/cases-repo.ts'
import type { Db } from '../../db/connect.ts'

const MAX_CACHED_CASES = 2_000

/**
 * Case views by id, each kept with the stamp of the rows it was read from (the row versions, xmin, of the case
 * and its category: any edit of either, recall dates included, changes it). A reader that already has the
 * current stamp from a statement it needed anyway gets the view without reading the case again; a view read
 * after a later edit is stored under the older stamp, so the next reader with the newer stamp reads it again.
 */
export class CaseViewCache {
  private readonly views = new Map<number, { stamp: string; view: CaseView | undefined }>()

  constructor(private readonly db: Db) {}

  /** The view stored under this stamp, without reading: null when there is none (undefined: the case is gone). */
  cached(caseId: number, stamp: string): { view: CaseView | undefined } | null {
    const known = this.views.get(caseId)
    return known?.stamp === stamp ? known : null
  }

  async get(caseId: number, stamp: string): Promise<CaseView | undefined> {
    const known = this.cached(caseId, stamp)
    if (known) return known.view
    const view = await findCase(this.db, caseId)
    this.views.delete(caseId)
    if (this.views.size >= MAX_CACHED_CASES) this.views.delete(this.views.keys().next().value!)
    this.views.set(caseId, { stamp, view })
    return view
  }
}

/** The SQL of a case's stamp, for a statement that joins `cases` and `categories`. */
export const CASE_STAMP_SQL = `cases.xmin::text || '/' || categories.xmin::text`
