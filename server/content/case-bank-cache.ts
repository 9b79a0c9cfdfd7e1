import type { CaseSummary, CriterionShape, DecisionContext } from '../../schemas/session/types.ts'
import type { DatabaseHandle } from '../db/connect.ts'
import { hearChanges, NoticeKeptCache } from '../db/change-notices.ts'
import type { PgListener } from '../db/pg-listener.ts'

/** Announced by the triggers on cases, categories and case_recall_dates (migrations/0011), once per statement. */
export const CASE_BANK_CHANNEL = 'case_bank_changed'
/** Mark schemes kept, one per case version: more than the cases a busy day's rooms play, far fewer than any memory limit. */
const DEFAULT_CRITERIA_CAPACITY = 2000

/** What choosing a case reads of the bank: every case's id, category and recall dates, and every category name. */
export interface Catalog {
  cases: readonly CaseSummary[]
  categoryNames: readonly string[]
}

/** What feedback, marks and revealed facts are checked against: a case's criteria, and its station's ids. */
export interface MarkScheme {
  criteria: readonly CriterionShape[]
  station: DecisionContext['currentStation']
}

/** A case as a round plays it: its id and the version drawn (issue 35). */
export interface CaseVersionRef {
  caseId: number
  version: number
}

/** Which parts of the bank a decision reads: the catalog, and the mark scheme of one case version (feedback, marks). */
export interface BankNeeds {
  catalog: boolean
  criteriaOf: CaseVersionRef | null
}

/** The parts asked for, null where not asked (or, from a read, not read). */
export interface BankFacts {
  catalog: Catalog | null
  scheme: MarkScheme | null
}

/**
 * What session decisions read of the case bank, so that a start or a feedback costs no round trip for it. It is
 * kept until the bank changes: the database announces every change (a trigger) and the whole of it is forgotten,
 * whatever changed; this instance's own admin writes also forget it before they are answered (content/routes.ts).
 * Nothing is trusted while a notice could be missed (the LISTEN connection is down); a reconnection starts empty.
 */
export class CaseBankCache extends NoticeKeptCache {
  private catalog: Catalog | null = null
  /** By `id@version`: a version never changes, but the whole bank is forgotten at any change all the same. */
  private readonly schemes = new Map<string, MarkScheme>()

  constructor(private readonly criteriaCapacity = DEFAULT_CRITERIA_CAPACITY) {
    super()
  }

  /** What is held of `needs`; the rest from `load`, which is asked only for what is missing. */
  async read(needs: BankNeeds, load: (missing: BankNeeds) => Promise<BankFacts>): Promise<BankFacts> {
    const held: BankFacts = {
      catalog: needs.catalog ? this.catalog : null,
      scheme: needs.criteriaOf === null ? null : (this.schemes.get(schemeKey(needs.criteriaOf)) ?? null),
    }
    const missing = { catalog: needs.catalog && !held.catalog, criteriaOf: held.scheme ? null : needs.criteriaOf }
    if (!missing.catalog && missing.criteriaOf === null) return held
    const began = this.generation
    const read = await load(missing)
    if (this.mayKeep(began)) this.keep(missing, read)
    return { catalog: held.catalog ?? read.catalog, scheme: held.scheme ?? read.scheme }
  }

  /** The payload (the table) does not matter: every change forgets the whole bank. */
  heard() {
    this.forgetAll()
  }

  protected clear() {
    this.catalog = null
    this.schemes.clear()
  }

  private keep(missing: BankNeeds, read: BankFacts) {
    // Shared by every decision from now on: nobody may change it in place.
    if (missing.catalog && read.catalog) this.catalog = deepFreeze(read.catalog)
    if (missing.criteriaOf === null || !read.scheme) return
    this.schemes.set(schemeKey(missing.criteriaOf), deepFreeze(read.scheme))
    // A Map keeps insertion order: the first key is the oldest entry.
    if (this.schemes.size > this.criteriaCapacity) this.schemes.delete(this.schemes.keys().next().value!)
  }
}

const schemeKey = ({ caseId, version }: CaseVersionRef) => `${caseId}@${version}`

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

export interface CaseBankService {
  cache: CaseBankCache
  close(): Promise<void>
}

/** Starts the cache, kept by the bank's change notices (change-notices.ts). */
export async function startCaseBankCache(database: DatabaseHandle, listener: PgListener | null): Promise<CaseBankService> {
  const cache = new CaseBankCache()
  const close = await hearChanges(database, listener, CASE_BANK_CHANNEL, cache)
  return { cache, close }
}
