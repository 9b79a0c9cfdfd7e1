import type { CaseView } from '../../../schemas/content.ts'
import type { CaseVersionRef } from '../../content/case-bank-cache.ts'
import { findCaseVersion } from '../../content/case-versions.ts'
import type { Db } from '../../db/connect.ts'

const MAX_CACHED_CASES = 2_000

const keyOf = ({ caseId, version }: CaseVersionRef) => `${caseId}@${version}`

/**
 * Case views by case version, as sessions show them. A version never changes once saved (case-versions.ts), so a
 * view is kept until the cache is full, whatever is edited meanwhile: an edit makes a new version, which a session
 * shows only once it draws it. Undefined: the case has been deleted (its versions with it).
 */
export class CaseViewCache {
  private readonly views = new Map<string, CaseView | undefined>()

  constructor(private readonly db: Db) {}

  /** The view held, without reading: null when there is none (`{ view: undefined }`: the case is gone). */
  cached(ref: CaseVersionRef): { view: CaseView | undefined } | null {
    const key = keyOf(ref)
    return this.views.has(key) ? { view: this.views.get(key) } : null
  }

  async get(ref: CaseVersionRef): Promise<CaseView | undefined> {
    const known = this.cached(ref)
    if (known) return known.view
    const view = await findCaseVersion(this.db, ref.caseId, ref.version)
    if (this.views.size >= MAX_CACHED_CASES) this.views.delete(this.views.keys().next().value!)
    this.views.set(keyOf(ref), view)
    return view
  }

  /** The case version a session's state plays now, if any. */
  async ofState(state: { caseId: number | null; caseVersion: number | null }): Promise<CaseView | undefined> {
    const ref = shownCase(state)
    return ref ? this.get(ref) : undefined
  }
}

/** The version of its case a state shows: null when it has none. */
export const shownCase = (state: { caseId: number | null; caseVersion: number | null }): CaseVersionRef | null =>
  state.caseId === null ? null : { caseId: state.caseId, version: state.caseVersion ?? 1 }
