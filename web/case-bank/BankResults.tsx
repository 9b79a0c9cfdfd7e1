import { useRef } from 'react'
import styled from 'styled-components'
import type { BankCasePage } from '../../schemas/case-search.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { BankCaseCard } from './BankCaseCard.tsx'
import type { SearchState } from './useSearchPage.ts'

interface BankResultsProps {
  search: SearchState<BankCasePage>
  /** Any filter chosen: "No cases match" then offers to clear them. */
  filtered: boolean
  onClear: () => void
  onPage: (page: number) => void
}

/** The stations found: a count that is announced, the cards, the pages, and a way out of "No cases match". */
export function BankResults({ search, filtered, onClear, onPage }: BankResultsProps) {
  const { page, loading, error } = search
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1
  const heading = useRef<HTMLHeadingElement>(null)
  // The next page starts at the top of the list, for the eye and for the keyboard alike.
  const turnTo = (next: number) => {
    onPage(next)
    heading.current?.focus()
  }
  return (
    <section aria-labelledby="bank-results-heading" aria-busy={loading}>
      <h2 id="bank-results-heading" ref={heading} tabIndex={-1}>
        Cases
      </h2>
      <Status role="status">{loading ? 'Loading the cases…' : page ? countText(page) : ''}</Status>
      {error && (
        <Alert tone="error">
          {error}{' '}
          <Button type="button" $variant="secondary" onClick={search.retry}>
            Try again
          </Button>
        </Alert>
      )}
      {page && page.total === 0 && !loading && (
        <Empty>
          <p>{filtered ? 'No cases match these filters.' : 'The case bank has no station to practise yet.'}</p>
          {filtered && (
            <Button type="button" $variant="secondary" onClick={onClear}>
              Clear the filters
            </Button>
          )}
        </Empty>
      )}
      {page && page.cases.length > 0 && (
        <List>
          {page.cases.map((item) => (
            <BankCaseCard key={item.id} item={item} />
          ))}
        </List>
      )}
      {page && pages > 1 && (
        <Pager aria-label="Pages of cases">
          <Button type="button" $variant="secondary" aria-disabled={page.page === 0 || undefined} onClick={() => page.page > 0 && turnTo(page.page - 1)}>
            Previous
          </Button>
          <span>
            Page {page.page + 1} of {pages}
          </span>
          <Button type="button" $variant="secondary" aria-disabled={page.page + 1 >= pages || undefined} onClick={() => page.page + 1 < pages && turnTo(page.page + 1)}>
            Next
          </Button>
        </Pager>
      )}
    </section>
  )
}

function countText(page: BankCasePage): string {
  if (page.total === 0) return 'No cases match'
  const from = page.page * page.pageSize + 1
  const to = Math.min(page.total, from + page.cases.length - 1)
  const all = `${page.total} ${page.total === 1 ? 'case matches' : 'cases match'}`
  return page.total > page.pageSize ? `${all}: showing ${from} to ${to}` : all
}

const Status = styled.p`
  color: ${theme.color.muted};
  margin: 0 0 12px;
  min-height: 1.5em;
`

const Empty = styled.div`
  padding: 24px 16px;
  text-align: center;
  border: 1px dashed ${theme.color.border};
  border-radius: ${theme.radius.medium};
  p { margin: 0 0 12px; }
`

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 12px;
  margin-top: 16px;
`
