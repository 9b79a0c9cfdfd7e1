import { Suspense, useMemo } from 'react'
import { lazyPage } from '../components/lazy-page.tsx'
import { DOMAINS, DOMAIN_TEXT } from '../../schemas/marking.ts'
import { ROLLING_STATIONS, type TrendStation } from '../../schemas/progress.ts'
import { MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import type { ChartSeries } from './LineChart.tsx'
import { dateFor, useShownZone } from '../board/times.ts'
import { DataTable, formatNumber, Muted, Section } from './progress-ui.tsx'

// uPlot and its stylesheet load with the first chart, after the page's figures are already on screen.
const LineChart = lazyPage(() => import('./LineChart.tsx'))

const DOMAIN_LINES: Record<(typeof DOMAINS)[number], { colour: string; dash?: number[] }> = {
  DATA_GATHERING: { colour: '#1d4ed8' },
  CLINICAL_MANAGEMENT: { colour: '#b45309', dash: [8, 4] },
  INTERPERSONAL: { colour: '#15803d', dash: [2, 3] },
}

/** Station score, station by station, with its rolling mean, and each domain's points; each chart with its table. */
export function TrendCharts({ trend }: { trend: TrendStation[] }) {
  const zone = useShownZone()
  const pointNames = useMemo(() => trend.map((station, index) => `Station ${index + 1} · ${dateFor(station.at, zone)} · ${station.topic}`), [trend, zone])
  const scoreSeries = useMemo<ChartSeries[]>(
    () => [
      { label: 'Station score', values: trend.map((station) => station.stationScore), colour: '#64748b', width: 1 },
      { label: `Rolling mean (last ${ROLLING_STATIONS} stations)`, values: trend.map((station) => station.rollingMean), colour: '#1e40af', width: 3 },
    ],
    [trend],
  )
  const domainSeries = useMemo<ChartSeries[]>(
    () => DOMAINS.map((domain) => ({ label: DOMAIN_TEXT[domain].short, values: trend.map((station) => station.domains[domain]), ...DOMAIN_LINES[domain] })),
    [trend],
  )
  const stationCells = (station: TrendStation, index: number) => (
    <>
      <th scope="row">Station {index + 1}</th>
      <td>{dateFor(station.at, zone)}</td>
      <td>{station.topic}</td>
    </>
  )

  return (
    <Section aria-labelledby="trend-heading">
      <h2 id="trend-heading">Station score, station by station</h2>
      {trend.length === 0 ? (
        <Muted>No stations in this period yet.</Muted>
      ) : (
        <>
          <Suspense fallback={<Muted role="status">Loading the chart…</Muted>}>
            <LineChart
              label={`Chart of the station score out of ${MAX_STATION_SCORE} of each station in the order played, with the rolling mean; the table below has the same figures`}
              pointNames={pointNames}
              series={scoreSeries}
              yMax={MAX_STATION_SCORE}
            />
          </Suspense>
          <DataTable caption={`Station score of each station (out of ${MAX_STATION_SCORE})`} headers={['Station', 'Date', 'Topic', 'Station score', `Rolling mean (last ${ROLLING_STATIONS})`]}>
            {trend.map((station, index) => (
              <tr key={`${station.at}-${index}`}>
                {stationCells(station, index)}
                <td>{formatNumber(station.stationScore, 'Unassigned')}</td>
                <td>{formatNumber(station.rollingMean)}</td>
              </tr>
            ))}
          </DataTable>
          <h3>Domains</h3>
          <Suspense fallback={<Muted role="status">Loading the chart…</Muted>}>
            <LineChart
              label="Chart of each domain's points out of 4 (A 4 to E 0) of each station in the order played; the table below has the same figures"
              pointNames={pointNames}
              series={domainSeries}
              yMax={4}
            />
          </Suspense>
          <DataTable caption="Domain points of each station (out of 4: A 4, B 3, C 2, D 1, E 0)" headers={['Station', 'Date', 'Topic', ...DOMAINS.map((domain) => DOMAIN_TEXT[domain].short)]}>
            {trend.map((station, index) => (
              <tr key={`${station.at}-${index}`}>
                {stationCells(station, index)}
                {DOMAINS.map((domain) => (
                  <td key={domain}>{formatNumber(station.domains[domain], 'Unassigned')}</td>
                ))}
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </Section>
  )
}
