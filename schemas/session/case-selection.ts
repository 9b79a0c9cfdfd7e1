/**
 * Choosing the next case. Unlike the reference server, a session never plays a case twice (not for 'Random',
 * not after a new topic): repeating a case the group has just discussed wastes a round.
 * The random draw comes from the decision context, so the choice is made once and stored in CaseAssigned.
 */
import { drawsFromEveryTopic, topicsToDraw } from './topic-choice.ts'
import { RANDOM_TOPIC, type CaseSummary, type DecisionContext, type SessionEvent, type SessionState } from './types.ts'

/** Where a choice may draw from. */
export type CasePool =
  /** The session's configured topics (or 'Random' alone = any category, topic-choice.ts) or recall range: the first case. */
  | { kind: 'configured' }
  /**
   * After a case: one of the next chosen topic that still has cases, the topics taking turns in the order chosen
   * ('Random' sessions: any category), or of the recall range.
   */
  | { kind: 'continuing' }
  /** The category the doctor picked once the current one ran out. */
  | { kind: 'topic'; topic: string }

export type SelectionState = Pick<SessionState, 'config' | 'usedCaseIds' | 'caseId'>

/** The unused cases of the pool, ordered by id so that the same random number always picks the same case. */
export function candidateCases(state: SelectionState, catalog: readonly CaseSummary[], pool: CasePool): CaseSummary[] {
  const unused = catalog.filter((c) => !state.usedCaseIds.includes(c.id) && ofChosenKind(state, c)).sort((a, b) => a.id - b.id)
  if (pool.kind === 'continuing' && takesTurns(state)) {
    for (const topic of topicsInTurn(topicsToDraw(state.config.selectedTopics), currentCategory(state, catalog))) {
      const ofTopic = unused.filter((c) => c.categoryName === topic)
      if (ofTopic.length > 0) return ofTopic
    }
    return []
  }
  return unused.filter(inPool(state, pool))
}

/**
 * The station types and MLA areas the session practises (issue 32): a case must be of one of the types and cover
 * one of the areas chosen; where none is chosen, any case passes, stations or not.
 */
function ofChosenKind({ config }: SelectionState, c: CaseSummary): boolean {
  const types = config.stationTypes ?? []
  const areas = config.mlaAreas ?? []
  const typeFits = types.length === 0 || (c.stationType != null && types.includes(c.stationType))
  return typeFits && (areas.length === 0 || (c.mlaAreas ?? []).some((area) => areas.includes(area)))
}

/** A topic session with named topics: its cases come from each topic in turn. */
const takesTurns = ({ config }: SelectionState) => config.sessionType === 'TOPIC' && !drawsFromEveryTopic(config.selectedTopics)

/** The chosen topics in the order they take their turns after the current case's: the next one first, its own last. */
export function topicsInTurn(topics: readonly string[], current: string | null): string[] {
  const at = current === null ? -1 : topics.indexOf(current)
  return [...topics.slice(at + 1), ...topics.slice(0, at + 1)]
}

export function chooseNextCase(
  state: SelectionState,
  ctx: Pick<DecisionContext, 'catalog' | 'random'>,
  pool: CasePool,
): number | null {
  const candidates = candidateCases(state, ctx.catalog, pool)
  if (candidates.length === 0) return null
  // min() guards against a random source that returns 1 despite its contract.
  const index = Math.min(Math.floor(ctx.random() * candidates.length), candidates.length - 1)
  return candidates[index].id
}

/** The event that assigns a drawn case: with the version the bank holds of it now, which the round then plays. */
export function caseAssigned(caseId: number, round: number, ctx: Pick<DecisionContext, 'catalog' | 'now'>): SessionEvent {
  const caseVersion = ctx.catalog.find((c) => c.id === caseId)?.version
  return { type: 'CaseAssigned', caseId, ...(caseVersion === undefined ? {} : { caseVersion }), round, at: ctx.now }
}

/** The category of the case being played, if the bank still has it. */
export function currentCategory(state: SelectionState, catalog: readonly CaseSummary[]): string | null {
  return catalog.find((c) => c.id === state.caseId)?.categoryName ?? null
}

/** Categories (in the bank's order) that still have a case this session has not played. */
export function topicsWithCasesLeft(state: SelectionState, ctx: Pick<DecisionContext, 'catalog' | 'categoryNames'>): string[] {
  return ctx.categoryNames.filter(
    (name) => name !== RANDOM_TOPIC && candidateCases(state, ctx.catalog, { kind: 'topic', topic: name }).length > 0,
  )
}

function inPool(state: SelectionState, pool: CasePool): (c: CaseSummary) => boolean {
  const { config } = state
  if (pool.kind === 'topic') return (c) => c.categoryName === pool.topic
  if (config.sessionType === 'RECALL') {
    const { recallStartDate: start, recallEndDate: end } = config
    if (!start || !end) return () => false
    // yyyy-mm-dd strings order like the dates they name, both bounds inclusive.
    return (c) => c.recallDates.some((date) => date >= start && date <= end)
  }
  // Sessions stored before topics replaced Random may hold both: the same rule reads them.
  if (drawsFromEveryTopic(config.selectedTopics)) return () => true
  const topics = topicsToDraw(config.selectedTopics)
  return (c) => topics.includes(c.categoryName)
}
