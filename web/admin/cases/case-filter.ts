import type { CaseView } from '../../../schemas/content.ts'

export interface CaseFilter {
  search: string
  categoryId: string
}

export const NO_FILTER: CaseFilter = { search: '', categoryId: '' }

/** SPEC.md section 2: search by title or description (any letter case), narrowed to one category. */
export function filterCases(cases: CaseView[], filter: CaseFilter): CaseView[] {
  const needle = filter.search.trim().toLowerCase()
  return cases
    .filter((item) => !filter.categoryId || String(item.category.id) === filter.categoryId)
    .filter((item) => !needle || item.title.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle))
    .sort((a, b) => a.title.localeCompare(b.title))
}
