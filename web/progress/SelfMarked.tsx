import { Link } from 'wouter'
import type { SelfMarked as SelfMarkedReport } from '../../schemas/progress.ts'
import { JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { dateFor, useShownZone } from '../board/times.ts'
import { formatNumber, Muted, Scroll, Section } from './progress-ui.tsx'

/**
 * Stations practised alone (issue 34), marked by the candidate: shown apart and labelled, since a candidate's own
 * marks are not an examiner's; none of them is in the figures above.
 */
export function SelfMarked({ selfMarked }: { selfMarked: SelfMarkedReport }) {
  const zone = useShownZone()
  return (
    <Section aria-labelledby="self-marked-heading">
      <h2 id="self-marked-heading">Practised alone (self-marked)</h2>
      <Muted>Your own marks of the stations you practised alone. They are kept apart: no other figure on this page counts them.</Muted>
      {selfMarked.stations === 0 ? (
        <Muted>
          No self-marked station yet. <Link href="/practise-alone">Practise a station alone</Link> when nobody else is online.
        </Muted>
      ) : (
        <>
          <p>
            {selfMarked.stations} self-marked {selfMarked.stations === 1 ? 'station' : 'stations'}; mean station score {formatNumber(selfMarked.meanScore)} of 12 (self-marked).
          </p>
          <Scroll tabIndex={0} role="region" aria-label="Your self-marked stations">
            <table>
              <caption>Your latest self-marked stations, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Station</th>
                  <th scope="col">Self-marked score</th>
                  <th scope="col">Your judgement</th>
                </tr>
              </thead>
              <tbody>
                {selfMarked.latest.map((station) => (
                  <tr key={station.id}>
                    <th scope="row">
                      <Link href={`/practise-alone/${station.id}`}>{dateFor(station.at, zone)}</Link>
                    </th>
                    <td>
                      {station.caseTitle}
                      {station.stationType && ` (${STATION_TYPE_LABELS[station.stationType]})`}
                    </td>
                    <td>{station.stationScore === null ? '—' : `${station.stationScore} of 12`}</td>
                    <td>{station.globalJudgement ? JUDGEMENT_TEXT[station.globalJudgement].label : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        </>
      )}
    </Section>
  )
}
