import { roundedScore } from '../../../schemas/session/feedback-scores.ts'

/** Lists written for a reader: "A", "A and B", "A, B and C" (the configure summary, the leaving warning). */
export function inWords(items: readonly string[], joiner: 'and' | 'or' = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items.at(-1)}`
}

/** A count with its noun, for every count a page writes: "1 station", "2 stations", "1.5 points"; `plural` when it is not the noun + s. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${roundedScore(count)} ${count === 1 ? singular : plural}`
}
