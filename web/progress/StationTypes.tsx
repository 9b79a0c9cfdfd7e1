import type { StationTypeCoverage } from '../../schemas/progress.ts'
import { STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { dateFor, useShownZone } from '../board/times.ts'
import { formatNumber, Scroll, Section } from './progress-ui.tsx'

/**
 * Stations practised per station type (issue 32): every type, so one never practised shows as such, and the cases
 * in the older shape, which have no type, on a row of their own.
 */
export function StationTypes({ stationTypes }: { stationTypes: StationTypeCoverage[] }) {
  const zone = useShownZone()
  return (
    <Section aria-labelledby="station-types-heading">
      <h2 id="station-types-heading">Station types</h2>
      <Scroll tabIndex={0} role="region" aria-label="Stations by type">
        <table>
          <caption>Stations by type</caption>
          <thead>
            <tr>
              <th scope="col">Station type</th>
              <th scope="col">Stations</th>
              <th scope="col">Mean score (/12)</th>
              <th scope="col">Last practised</th>
            </tr>
          </thead>
          <tbody>
            {stationTypes.map((row) => (
              <tr key={row.stationType ?? 'older'}>
                <th scope="row">{row.stationType ? STATION_TYPE_LABELS[row.stationType] : 'Cases without a station type'}</th>
                <td>{row.stations === 0 ? 'Not practised yet' : row.stations}</td>
                <td>{row.stations === 0 ? '' : formatNumber(row.meanScore, 'Unassigned')}</td>
                <td>{row.lastPractisedAt && dateFor(row.lastPractisedAt, zone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Section>
  )
}
