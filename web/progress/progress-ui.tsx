import type { ReactNode } from 'react'
import styled from 'styled-components'
import { MAX_SCORE, MIN_SCORE, SCORE_DESCRIPTORS } from '../../schemas/session/feedback-scores.ts'
import { theme } from '../theme.ts'

/** What the progress page's sections share: their frame, number and date formats, and the data tables. */

export const Section = styled.section`
  margin-top: 20px;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  h2 { font-size: 1.2rem; margin: 0 0 12px; }
  h3 { font-size: 1.05rem; margin: 20px 0 8px; }
`

export const Muted = styled.p`
  color: ${theme.color.muted};
  margin: 8px 0;
`

/** A mean to at most 2 decimals (7, 7.5, 7.33); `empty` when nothing was measured. */
export const formatNumber = (value: number | null, empty = '—') => (value === null ? empty : String(Math.round(value * 100) / 100))

export const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((100 * part) / whole))

/** A mean on the form's 0-4 scale in the form's words: the word of the nearest whole score ("Adequate" for 1.86). */
export const nearestScoreWord = (mean: number) => SCORE_DESCRIPTORS[Math.min(MAX_SCORE, Math.max(MIN_SCORE, Math.round(mean)))]

/**
 * A chart's figures as a table, folded under a summary so a long history does not bury the page; on a narrow
 * screen the table scrolls sideways inside its own box (focusable, so a keyboard can scroll it too).
 */
export function DataTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <Details>
      <summary>Show the figures as a table</summary>
      <Scroll tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </Scroll>
    </Details>
  )
}

const Details = styled.details`
  margin: 8px 0 4px;
  summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; color: ${theme.color.primary}; font-weight: 600; }
`

export const Scroll = styled.div`
  overflow-x: auto;
  table { border-collapse: collapse; width: 100%; font-size: 0.92rem; }
  caption { text-align: left; font-weight: 600; padding: 4px 0; }
  th, td { padding: 6px 8px; border-bottom: 1px solid ${theme.color.border}; text-align: left; white-space: nowrap; }
  td { font-variant-numeric: tabular-nums; }
`
