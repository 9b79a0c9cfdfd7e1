import { useState } from 'react'
import styled from 'styled-components'
import { CASE_PAGE_SIZE_MAX, ratingsText, type ReviewerCaseHit } from '../../../schemas/case-search.ts'
import type { CaseView, CategoryView } from '../../../schemas/content.ts'
import { caseSearchApi } from '../../api/case-search.ts'
import { Alert } from '../../components/Alert.tsx'
import { hasFilters, NO_FILTERS, searchQuery, type CaseFilters } from '../../case-bank/case-filters.ts'
import { CaseFilterFields } from '../../case-bank/CaseFilterFields.tsx'
import { useSearchPage } from '../../case-bank/useSearchPage.ts'
import { theme } from '../../theme.ts'

/**
 * The admin's case list searched on the server (issue 35): full text over the whole case (title, description,
 * scripts, station), every filter of "Find a case", each case's ratings and open problem reports. `refreshKey`
 * changes with the bank the tab holds, so an edit, a restore or a deletion is searched again.
 */
export function useReviewerSearch(refreshKey: unknown) {
  const [filters, setFilters] = useState<CaseFilters>(NO_FILTERS)
  // The whole bank in one answer: the list below is not paged.
  const found = useSearchPage(caseSearchApi.reviewerSearch, searchQuery(filters, 0, CASE_PAGE_SIZE_MAX), refreshKey)
  const hits = new Map((found.page?.cases ?? []).map((hit) => [hit.id, hit]))
  return {
    filters,
    setFilters,
    found,
    filtered: hasFilters(filters),
    clear: () => setFilters(NO_FILTERS),
    hitOf: (id: number) => hits.get(id),
    /** The tab's cases that match, in the search's order (best match first); all of them, by title, until it answers. */
    matching(cases: CaseView[]): CaseView[] {
      if (!found.page) return [...cases].sort((a, b) => a.title.localeCompare(b.title))
      const byId = new Map(cases.map((item) => [item.id, item]))
      return found.page.cases.flatMap((hit) => byId.get(hit.id) ?? [])
    },
  }
}

export type ReviewerSearch = ReturnType<typeof useReviewerSearch>

export function CaseSearch({ search, categories }: { search: ReviewerSearch; categories: CategoryView[] }) {
  const { found } = search
  const more = found.page && found.page.total > found.page.cases.length
  return (
    <div role="search" aria-label="Search the cases">
      <CaseFilterFields
        filters={search.filters}
        onChange={search.setFilters}
        topics={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        labels={{ search: 'Search cases', topic: 'Category' }}
        searchHint="Words anywhere in the case: title, description, scripts, checklist. Use quotes for a phrase, - to leave a word out."
        errors={found.fieldErrors}
      />
      {found.loading && <Muted role="status">Searching…</Muted>}
      {found.error && <Alert tone="error">{found.error}</Alert>}
      {more && <Muted>Only the first {found.page!.cases.length} of {found.page!.total} matching cases are listed: narrow the search to see the rest.</Muted>}
    </div>
  )
}

/** A row's ratings and open problem reports, from the search; nothing until it has answered. */
export function CaseStanding({ hit }: { hit: ReviewerCaseHit | undefined }) {
  if (!hit) return null
  const problems = hit.openProblems === 0 ? 'no open problem reports' : `${hit.openProblems} open problem ${hit.openProblems === 1 ? 'report' : 'reports'}`
  return (
    <Standing>
      {ratingsText(hit.ratings)} · <Problems $open={hit.openProblems > 0}>{problems}</Problems>
    </Standing>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
  margin: 0 0 12px;
`

const Standing = styled.p`
  margin: 6px 0 0;
  font-size: 0.875rem;
`

const Problems = styled.span<{ $open: boolean }>`
  color: ${({ $open }) => ($open ? theme.color.danger : theme.color.muted)};
  font-weight: ${({ $open }) => ($open ? 600 : 400)};
`
