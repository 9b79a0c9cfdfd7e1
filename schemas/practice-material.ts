import * as v from 'valibot'

/**
 * Where a case comes from, as every view of it carries it (issue 35, item 6): the bank's cases are practice
 * material and say so wherever a candidate reads one, in the words of practiceMaterialNote below.
 */
export const caseAttributionEntries = {
  /** A candidate contributed the case and a reviewer approved it; false: anyone else's (the demo bank, an admin's, an import). */
  contributed: v.optional(v.boolean()),
  /** The contributor's name as they chose to show it; null: not contributed, or they chose to stay anonymous. */
  contributorName: v.optional(v.nullable(v.string())),
}

export type CaseAttribution = v.InferOutput<v.ObjectSchema<typeof caseAttributionEntries, undefined>>

/** A contribution's case, credited as its author chose: by name, or anonymous (the bank keeps the same at approval). */
export function contributionAttribution({ showName, authorName }: { showName: boolean; authorName: string }): { contributed: true; contributorName: string | null } {
  return { contributed: true, contributorName: showName ? authorName : null }
}

/**
 * The one sentence that says what a case is. A case carrying a contributor's name was contributed even where a view
 * predates the `contributed` flag. Any other case (the demo bank, an admin's, an imported pack's, one whose
 * contributor erased their account) gets a sentence true of them all: the bank cannot vouch for an import's origin.
 */
export function practiceMaterialNote({ contributed, contributorName }: CaseAttribution): string {
  if (contributorName) return `Practice material contributed by ${contributorName} and reviewed on this platform.`
  if (contributed) return 'Practice material contributed by a candidate (anonymous) and reviewed on this platform.'
  return 'Practice material for PLAB 2 preparation, not an official exam station.'
}
