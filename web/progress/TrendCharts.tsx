import { lazy, Suspense, useMemo } from 'react'
import { DOMAINS, DOMAIN_TEXT } from '../../schemas/marking.ts'
import { ROLLING_STATIONS, type TrendDay } from '../../schemas/progress.ts'
import { MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import type { ChartSeries } from './LineChart.tsx'
import { DataTable, formatDay, formatNumber, Muted, Section } from './progress-ui.tsx'

// uPlot and its stylesheet load with the first chart, after the page's figures are already on screen.
const LineChart = lazy(() => import('./LineChart.tsx'))

const DOMAIN_LINES: Record<(typeof DOMAINS)[number], { colour: string; dash?: number[] }> = {
  DATA_GATHERING: { colour: '#1d4ed8' },
  CLINICAL_MANAGEMENT: { colour: '#b45309', dash: [8, 4] },
  INTERPERSONAL: { colour: '#15803d', dash: [2, 3] },
}

/** Station score over time with its rolling mean, and each domain's points, each chart with its table. */
export function TrendCharts({ trend }: { trend: TrendDay[] }) {
  const dates = useMemo(() => trend.map((day) => day.date), [trend])
  const scoreSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'Station score', values: trend.map((day) => day.stationScore), colour: '#64748b', width: 1 },
      { label: `Rolling mean (last ${ROLLING_STATIONS} stations)`, values: trend.map((day) => day.rollingMean), colour: '#1e40af', width: 3 },
    ],
    [trend],
  )
  const domainSeries = useMemo<ChartSeries[]>(
    () => DOMAINS.map((domain) => ({ label: DOMAIN_TEXT[domain].short, values: trend.map((day) => day.domains[domain]), ...DOMAIN_LINES[domain] })),
    [trend],
  )

  return (
    <Section aria-labelledby="trend-heading">
      <h2 id="trend-heading">Station score over time</h2>
      {trend.length === 0 ? (
        <Muted>No stations in this period yet.</Muted>
      ) : (
        <>
          <Suspense fallback={<Muted role="status">Loading the chart…</Muted>}>
            <LineChart label={`Chart of station score out of ${MAX_STATION_SCORE} per day, with the rolling mean; the table below has the same figures`} dates={dates} series={scoreSeries} yMax={MAX_STATION_SCORE} />
          </Suspense>
          <DataTable caption="Station score per day (out of 12)" headers={['Day', 'Stations', 'Station score', `Rolling mean (last ${ROLLING_STATIONS})`]}>
            {trend.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{day.stations}</td>
                <td>{formatNumber(day.stationScore, 'Unassigned')}</td>
                <td>{formatNumber(day.rollingMean)}</td>
              </tr>
            ))}
          </DataTable>
          <h3>Domains</h3>
          <Suspense fallback={<Muted role="status">Loading the chart…</Muted>}>
            <LineChart label="Chart of each domain's points out of 4 per day; the table below has the same figures" dates={dates} series={domainSeries} yMax={4} />
          </Suspense>
          <DataTable caption="Domain points per day (out of 4)" headers={['Day', ...DOMAINS.map((domain) => DOMAIN_TEXT[domain].short)]}>
            {trend.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                {DOMAINS.map((domain) => (
                  <td key={domain}>{formatNumber(day.domains[domain], 'Unassigned')}</td>
                ))}
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </Section>
  )
}
