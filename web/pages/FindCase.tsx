import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { Link, useLocation, useSearch } from 'wouter'
import { CASE_PAGE_SIZE } from '../../schemas/case-search.ts'
import { caseSearchApi } from '../api/case-search.ts'
import { fetchCategories } from '../api/content.ts'
import { Button } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { BankResults } from '../case-bank/BankResults.tsx'
import { addressQuery, filtersFrom, FIND_CASE_PATH, hasFilters, NO_FILTERS, pageFrom, searchQuery, type CaseFilters } from '../case-bank/case-filters.ts'
import { CaseFilterFields } from '../case-bank/CaseFilterFields.tsx'
import { useSearchPage } from '../case-bank/useSearchPage.ts'

/**
 * Find a case (issue 35): a candidate chooses a station to practise alone by its type, topic, areas, difficulty,
 * rating and recall dates, leaving out what they have played. The filters live in the address, so a reload or a
 * link keeps them. Like the exam's timetable, nothing here tells what happens in a station.
 */
export default function FindCase() {
  usePageTitle('Find a case')
  const search = useSearch()
  const [, navigate] = useLocation()
  const filters = filtersFrom(search)
  const page = pageFrom(search)
  const topics = useTopicOptions()
  const found = useSearchPage(caseSearchApi.caseBank, searchQuery(filters, page, CASE_PAGE_SIZE))
  const filtered = hasFilters(filters)

  // Replacing the address, not adding to history: Back leaves the page rather than undoing each key typed.
  const show = (next: CaseFilters, nextPage = 0) => navigate(`${FIND_CASE_PATH}${addressQuery(next, nextPage)}`, { replace: true })

  return (
    <WidePage>
      <h1>Find a case</h1>
      <p>
        Choose a station to practise alone. As in the exam, you see only its type, topic and areas beforehand: the title, the patient&apos;s script and
        the examiner&apos;s checklist come once the station is over.
      </p>
      <Filters role="search" aria-label="Filter the cases" onSubmit={(event) => event.preventDefault()}>
        <CaseFilterFields
          filters={filters}
          onChange={(next) => show(next)}
          topics={topics}
          searchHint="Words from the candidate's instructions, such as the setting or the task."
          offerNotPlayed
          errors={found.fieldErrors}
        />
        <Button type="button" $variant="secondary" onClick={() => show(NO_FILTERS)} aria-disabled={!filtered || undefined}>
          Clear the filters
        </Button>
      </Filters>
      <BankResults search={found} filtered={filtered} onClear={() => show(NO_FILTERS)} onPage={(next) => show(filters, next)} />
      <p>
        <Link href="/practise-alone">Practise alone with a case drawn for you</Link>
      </p>
    </WidePage>
  )
}

/** The topics that hold cases, by name (the address reads better with a name than an id); null while loading. */
function useTopicOptions() {
  const [topics, setTopics] = useState<Array<{ value: string; label: string }> | null>(null)
  useEffect(() => {
    fetchCategories().then(
      (categories) => setTopics(categories.filter((category) => category.caseCount !== 0).map(({ name }) => ({ value: name, label: name }))),
      () => setTopics([]),
    )
  }, [])
  return topics
}

const Filters = styled.form`
  margin: 16px 0 24px;
`
