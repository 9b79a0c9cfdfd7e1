import styled from 'styled-components'
import { theme } from '../../theme.ts'
import { Select, SmallButton } from '../controls.tsx'

interface PaginationProps {
  /** Zero-based, as the server counts. */
  page: number
  totalPages: number
  onPage: (page: number) => void
  /** The rows-per-page choice, for a list whose server lets the reader choose (the sessions' page is fixed). */
  sizing?: { size: number; sizes: readonly number[]; onSize: (size: number) => void }
}

export function Pagination({ page, totalPages, onPage, sizing }: PaginationProps) {
  const pages = Math.max(totalPages, 1)
  return (
    <Bar aria-label="Pagination">
      {sizing && (
        <label>
          Rows per page
          <SizeSelect value={sizing.size} onChange={(event) => sizing.onSize(Number(event.target.value))}>
            {sizing.sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </SizeSelect>
        </label>
      )}
      <Pages>
        <SmallButton type="button" $variant="secondary" onClick={() => onPage(0)} disabled={page === 0} aria-label="First page">
          «
        </SmallButton>
        <SmallButton type="button" $variant="secondary" onClick={() => onPage(page - 1)} disabled={page === 0}>
          Previous
        </SmallButton>
        <span aria-live="polite">
          Page {page + 1} of {pages}
        </span>
        <SmallButton type="button" $variant="secondary" onClick={() => onPage(page + 1)} disabled={page + 1 >= pages}>
          Next
        </SmallButton>
        <SmallButton type="button" $variant="secondary" onClick={() => onPage(pages - 1)} disabled={page + 1 >= pages} aria-label="Last page">
          »
        </SmallButton>
      </Pages>
    </Bar>
  )
}

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 16px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    font-weight: 600;
  }
`

const SizeSelect = styled(Select)`
  width: auto;
`

const Pages = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  span { color: ${theme.color.muted}; padding: 0 4px; }
  /* On a phone the page number takes its own line, so the four buttons fit on the next. */
  @media (max-width: 400px) {
    span { order: -1; flex-basis: 100%; padding: 0; }
  }
`
