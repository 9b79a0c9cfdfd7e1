import { diffArrays, diffWords, type ChangeObject } from 'diff'

/**
 * The building blocks of a case's differences (case-diff.ts): one change per field an admin recognises, its text
 * as runs of words kept, removed and added. The comparing is jsdiff's (docs/decisions), not ours.
 */

export interface DiffPart {
  text: string
  change: 'kept' | 'added' | 'removed'
}

export interface CaseChange {
  /** Where, in the admin's words: "Title", "Patient fact onset: when said". */
  field: string
  /** Added: there was nothing before; removed: nothing is left; changed: both have something. */
  kind: 'added' | 'removed' | 'changed'
  parts: DiffPart[]
}

const partOf = ({ added, removed }: ChangeObject<unknown>): DiffPart['change'] => (added ? 'added' : removed ? 'removed' : 'kept')

const kindOf = (before: boolean, after: boolean): CaseChange['kind'] => (!before ? 'added' : !after ? 'removed' : 'changed')

/** Nothing when the words are the same (a change of spaces alone is none); long text is compared word by word. */
export function textChange(field: string, before: string, after: string): CaseChange[] {
  if (before === after) return []
  const parts = diffWords(before, after).map((change) => ({ text: change.value, change: partOf(change) }))
  if (parts.every((part) => part.change === 'kept')) return []
  return [{ field, kind: kindOf(before.trim() !== '', after.trim() !== ''), parts }]
}

/** Lines (tasks, cues) compared as one text, a line each, so a changed word inside a line shows as such. */
export const linesChange = (field: string, before: readonly string[], after: readonly string[]) => textChange(field, before.join('\n'), after.join('\n'))

/** A list of names (areas, dates): each kept, removed or added in its place, separated by commas. */
export function listChange(field: string, before: readonly string[], after: readonly string[]): CaseChange[] {
  if (before.join('\u0000') === after.join('\u0000')) return []
  const items = diffArrays([...before], [...after]).flatMap((change) => change.value.map((text) => ({ text, change: partOf(change) })))
  const parts = items.flatMap((item, index) => (index === 0 ? [item] : [{ text: ', ', change: 'kept' as const }, item]))
  return [{ field, kind: kindOf(before.length > 0, after.length > 0), parts }]
}

interface ItemRules<T> {
  /** How an item is named in a change: by its id, which stays the same across edits. */
  name: (item: T) => string
  /** The whole item, as text, when it was added or removed. */
  text: (item: T) => string
  /** The changes of an item both versions have. */
  fields: (before: T, after: T, name: string) => CaseChange[]
  /** How the list is named when only its order changed. */
  list: string
}

/** Items matched by id: those removed, then each item in its new order (added or changed), then any reordering. */
export function itemChanges<T extends { id: string }>(before: readonly T[], after: readonly T[], rules: ItemRules<T>): CaseChange[] {
  const earlier = new Map(before.map((item) => [item.id, item]))
  const later = new Set(after.map((item) => item.id))
  const whole = (item: T, change: 'added' | 'removed'): CaseChange => ({ field: rules.name(item), kind: change, parts: [{ text: rules.text(item), change }] })
  const removed = before.filter((item) => !later.has(item.id)).map((item) => whole(item, 'removed'))
  const addedOrChanged = after.flatMap((item) => {
    const old = earlier.get(item.id)
    return old ? rules.fields(old, item, rules.name(item)) : [whole(item, 'added')]
  })
  const kept = (items: readonly T[], other: Set<string>) => items.filter((item) => other.has(item.id)).map(rules.name)
  const order = listChange(`Order of ${rules.list}`, kept(before, later), kept(after, new Set(earlier.keys())))
  return [...removed, ...addedOrChanged, ...order]
}
