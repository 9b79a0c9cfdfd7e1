/**
 * Which rounds of a session were played: one rule for the admin's round summaries (issue 37), their 404 and the
 * timeline page's links. A round counts once its reading began: before that its case and seats may still change,
 * and a round opened but never read (the room ended while waiting) was not played. The sessions search counts
 * rounds by the same rule in SQL (server/sessions/admin/session-search.ts).
 */

/** An event as a log's readers hold it: its type and its payload (a timeline entry, or a stored event). */
export interface LoggedEvent {
  type: string
  payload: Record<string, unknown>
}

/** The rounds whose reading began, in order: each reading belongs to the round of the last case assigned before it. */
export function roundsPlayed(entries: readonly LoggedEvent[]): number[] {
  const rounds = new Set<number>()
  let round: number | null = null
  for (const { type, payload } of entries) {
    if (type === 'CaseAssigned' && typeof payload.round === 'number') round = payload.round
    if (type === 'PhaseStarted' && payload.phase === 'READING' && round !== null) rounds.add(round)
  }
  return [...rounds].sort((a, b) => a - b)
}
