import { Link } from 'wouter'
import type { MockExamSummary } from '../../schemas/mock/result-sheet.ts'
import { dateFor, useShownZone } from '../board/times.ts'
import { Muted, Scroll, Section } from './progress-ui.tsx'

/**
 * The candidate's mock exams (issue 33), a series of their own beside the practice stations: each one's total
 * against its required score and the stations passed, oldest first, each with its result sheet.
 */
export function MockExams({ mockExams }: { mockExams: MockExamSummary[] }) {
  const zone = useShownZone()
  return (
    <Section aria-labelledby="mock-exams-heading">
      <h2 id="mock-exams-heading">Mock exams</h2>
      {mockExams.length === 0 ? (
        <Muted>No mock exam yet. Choose "Mock exam" when you configure a session to sit a timed circuit with a result sheet.</Muted>
      ) : (
        <Scroll tabIndex={0} role="region" aria-label="Your mock exams">
          <table>
            <caption>Your mock exams, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Score</th>
                <th scope="col">Stations passed</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {mockExams.map((mock) => (
                <tr key={mock.sessionCode}>
                  <th scope="row">
                    <Link href={`/session/${mock.sessionCode}/results`}>{dateFor(new Date(mock.startedAt).toISOString(), zone)}</Link>
                  </th>
                  <td>
                    {mock.totalScore} of {mock.maxScore} (required {mock.requiredScore})
                  </td>
                  <td>
                    {mock.stationsPassed} of {mock.stations} (required {mock.stationsRequired})
                  </td>
                  <td>{!mock.complete ? 'Ended early: no result' : mock.passed ? 'Pass at this standard' : 'Not yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Section>
  )
}
