import { Link } from 'wouter'
import type { SoloStationList } from '../../schemas/solo/solo-wire.ts'
import { STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { SOLO_PHASE_TEXT } from './solo-text.ts'

/** The candidate's solo stations, newest first: each opens where it stands (still running, or to mark). */
export function RecentSoloStations({ stations }: { stations: SoloStationList | null }) {
  if (stations === null) return <p role="status">Loading your stations…</p>
  if (stations.length === 0) return null
  return (
    <section aria-labelledby="recent-solo-heading">
      <h2 id="recent-solo-heading">Your stations practised alone</h2>
      <ul>
        {stations.map((station) => (
          <li key={station.id}>
            <Link href={`/practise-alone/${station.id}`}>
              {new Date(station.startedAt).toLocaleString()}: {station.caseTitle ?? (station.stationType ? STATION_TYPE_LABELS[station.stationType] : station.topic)}
            </Link>{' '}
            ({station.phase === 'MARKING' ? (station.stationScore === null ? 'not marked yet' : `self-marked ${station.stationScore} of 12`) : SOLO_PHASE_TEXT[station.phase]})
          </li>
        ))}
      </ul>
    </section>
  )
}
