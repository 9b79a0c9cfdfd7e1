/** Lists written for a reader: "A", "A and B", "A, B and C" (the configure summary, the leaving warning). */
export function inWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
