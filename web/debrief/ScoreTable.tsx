import type { ReactNode } from 'react'
import styled from 'styled-components'
import { visuallyHidden } from '../global-style.ts'
import { theme } from '../theme.ts'

export interface TableRow {
  key: string
  name: ReactNode
  /** A sub-criterion, indented under its criterion. */
  sub?: boolean
  cells: ReactNode[]
}

/** Below this width a row of several score sheets no longer fits: each row stacks its sheets instead. */
const STACK_BELOW = '720px'

/**
 * Score sheets side by side, one column each, as a table on a wide screen. On a phone each row stacks its cells,
 * each under the sheet's name, so nothing is off-screen behind a sideways scroll (issue 29). The roles are written
 * out because a table laid out as blocks loses them in some browsers; the names shown in stacked cells are
 * hidden from screen readers, which have the column headers. `rowHeading` names the rows' column (read, not shown).
 */
export function ScoreTable({ caption, headings, rows, rowHeading = 'Mark' }: { caption: string; headings: string[]; rows: TableRow[]; rowHeading?: string }) {
  return (
    <Table role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            <span className="visually-hidden">{rowHeading}</span>
          </th>
          {headings.map((heading) => (
            <th scope="col" role="columnheader" key={heading}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr role="row" key={row.key} data-sub={row.sub || undefined}>
            <th scope="row" role="rowheader">
              {row.name}
            </th>
            {row.cells.map((cell, index) => (
              <td role="cell" key={headings[index]}>
                <SheetName aria-hidden="true">{headings[index]}</SheetName>
                <span>{cell}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  )
}

const SheetName = styled.span`
  ${visuallyHidden}
`

const Table = styled.table`
  width: 100%;
  margin-bottom: 16px;
  border-collapse: collapse;
  caption { margin-bottom: 6px; text-align: left; font-weight: 700; font-size: 1.05rem; }
  th, td { padding: 6px 8px; border-bottom: 1px solid ${theme.color.border}; text-align: left; vertical-align: top; }
  td { text-align: center; }
  thead th { font-size: 0.9rem; overflow-wrap: anywhere; }
  tbody th { font-weight: 600; overflow-wrap: anywhere; min-width: 7rem; }
  tr[data-sub] th { padding-left: 24px; font-weight: 400; }

  @media (max-width: ${STACK_BELOW}) {
    &, caption, tbody, tr, th, td { display: block; }
    thead { ${visuallyHidden} }
    tbody tr { padding: 6px 0; border-bottom: 1px solid ${theme.color.border}; }
    th, td { padding: 2px 0; border: 0; }
    tr[data-sub] { padding-left: 16px; }
    tr[data-sub] th { padding-left: 0; }
    td { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 2px 12px; text-align: right; }
    td > span:last-child { margin-left: auto; }
    ${SheetName} { position: static !important; width: auto; height: auto; margin: 0; overflow: visible; clip: auto; white-space: normal; color: ${theme.color.muted}; text-align: left; overflow-wrap: anywhere; min-width: 0; }
  }
`
