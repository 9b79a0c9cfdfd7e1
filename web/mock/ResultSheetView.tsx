import type { ReactNode } from 'react'
import styled from 'styled-components'
import { AREA_TEXT, DOMAIN_TEXT } from '../../schemas/marking.ts'
import { passMarkSource } from '../../schemas/mock/pass-marks.ts'
import type { SharedResultSheet } from '../../schemas/mock/result-sheet.ts'
import { STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { Button } from '../components/Button.tsx'
import { Card } from '../components/Card.tsx'
import { DownloadPdf } from './DownloadPdf.tsx'
import { OUTCOME, overallResult } from './sheet-words.ts'
import { theme } from '../theme.ts'

const day = (at: number) => new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })

/**
 * A mock exam's result sheet (issue 33), laid out like the GMC's: the overall result first, then the domain totals,
 * then each station. The candidate's own page and a shared link show the same; `actions` are the page's own.
 */
export function ResultSheetView({ sheet, actions }: { sheet: SharedResultSheet; actions?: ReactNode }) {
  return (
    <Card>
      <h1>Mock exam result sheet</h1>
      <p>
        {sheet.candidateName} · {day(sheet.startedAt)}
      </p>
      <Note>Practice marks given by partners on this platform, shaped like the GMC's result sheet: not a GMC result.</Note>
      <h2>Overall result</h2>
      <Overall>
        <div>
          <dt>Total score</dt>
          <dd>
            {sheet.totalScore} of {sheet.maxScore} (required {sheet.requiredScore})
          </dd>
        </div>
        <div>
          <dt>Stations passed</dt>
          <dd>
            {sheet.stationsPassed} of {sheet.stations.length} (required {sheet.stationsRequired})
          </dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>
            <strong>{overallResult(sheet)}</strong>
          </dd>
        </div>
      </Overall>
      <h2>Domain totals</h2>
      <TableBox>
        <table>
          <thead>
            <tr>
              <th scope="col">Domain</th>
              <th scope="col">Points</th>
            </tr>
          </thead>
          <tbody>
            {sheet.domainTotals.map((total) => (
              <tr key={total.domain}>
                <th scope="row">{DOMAIN_TEXT[total.domain].label}</th>
                <td>
                  {total.points} of {total.max}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <h2>Stations</h2>
      <TableBox>
        <StationsTable role="table" aria-label="Stations">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Station</th>
              <th scope="col" role="columnheader">Case</th>
              {sheet.domainTotals.map((total) => (
                <th scope="col" role="columnheader" key={total.domain}>
                  {DOMAIN_TEXT[total.domain].short}
                </th>
              ))}
              <th scope="col" role="columnheader">Score (of 12)</th>
              <th scope="col" role="columnheader">Pass mark</th>
              <th scope="col" role="columnheader">Result</th>
              <th scope="col" role="columnheader">Feedback areas</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {sheet.stations.map((row) => (
              <tr key={row.station} role="row">
                <th scope="row" role="rowheader">{row.station}</th>
                <td role="cell" data-label="Case">
                  {row.caseTitle}
                  {row.stationType && <Small>{STATION_TYPE_LABELS[row.stationType]}</Small>}
                  {row.markedBy === 'PATIENT' && <Small>Marked by the patient (the examiner did not mark it)</Small>}
                  {row.patientScore !== null && <Small>The patient's own score: {row.patientScore}</Small>}
                </td>
                {row.grades.map((grade) => (
                  <td role="cell" key={grade.domain} data-label={DOMAIN_TEXT[grade.domain].short}>
                    {grade.grade ?? '–'}
                  </td>
                ))}
                <td role="cell" data-label="Score (of 12)">{row.score}</td>
                <td role="cell" data-label="Pass mark">
                  {row.passMark.value}
                  <Small>{passMarkSource(row.passMark)}</Small>
                </td>
                <td role="cell" data-label="Result">{OUTCOME[row.outcome] || (row.passed ? 'Passed' : 'Not passed')}</td>
                <td role="cell" data-label="Feedback areas">{row.feedbackAreas.map((area) => AREA_TEXT[area].label).join(', ') || '–'}</td>
              </tr>
            ))}
          </tbody>
        </StationsTable>
      </TableBox>
      <Explain>
        A station's pass mark is estimated from every mark with a global judgement the platform holds for its case (borderline
        regression, as the GMC sets pass marks), or a default of 7 while fewer than 10 such marks exist. The required score is
        the sum of the stations' pass marks; the stations required are the exam's 10 of 16, in proportion.
      </Explain>
      <Actions>
        <Button type="button" onClick={() => window.print()}>
          Print
        </Button>
        <DownloadPdf sheet={sheet} day={day} />
        {actions}
      </Actions>
    </Card>
  )
}

const Note = styled.p`
  color: ${theme.color.muted};
`

const Overall = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin: 16px 0;
  div { padding: 12px; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius.small}; }
  dt { color: ${theme.color.muted}; }
  dd { margin: 4px 0 0; font-size: 1.1rem; }
`

const TableBox = styled.div`
  margin-bottom: 16px;
  table { border-collapse: collapse; width: 100%; }
  th, td { padding: 6px 8px; border-bottom: 1px solid ${theme.color.border}; text-align: left; vertical-align: top; overflow-wrap: break-word; }
`

/**
 * On a phone each station is a card of its cells, each named by its column (the table's head is then read, not
 * drawn). The roles are written out: a table whose parts are displayed as blocks loses them in Chromium otherwise.
 */
const StationsTable = styled.table`
  @media (max-width: 720px) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    tr, th, td { display: block; }
    tr { margin-bottom: 12px; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius.small}; }
    tbody th::before { content: 'Station '; }
    td[data-label]::before { content: attr(data-label) ': '; font-weight: 600; }
  }
`

const Small = styled.span`
  display: block;
  color: ${theme.color.muted};
  font-size: 0.85rem;
`

const Explain = styled.p`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`
