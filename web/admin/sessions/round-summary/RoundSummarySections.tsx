import styled from 'styled-components'
import type { RoundSummary } from '../../../../schemas/api/admin-sessions.ts'
import { PHASE_LABEL, ROLE_LABEL } from '../../../../schemas/labels.ts'
import { MAX_SCORE } from '../../../../schemas/session/feedback-scores.ts'
import { Comments, criterionRows, resultRows } from '../../../debrief/DebriefScores.tsx'
import { ScoreTable, type TableRow } from '../../../debrief/ScoreTable.tsx'
import { FactsGrid } from '../FactsGrid.ts'
import { differenceWords } from '../timeline/timeline-steps.ts'
import { useMomentWords } from '../timeline/useMomentWords.ts'
import { criteriaOf, lastedWords, sheetsOf } from './round-sheets.ts'

/**
 * The four parts of a round's printable summary (issue 37): the case played, who sat where, each phase against
 * its deadline, and the feedback given, laid out as the doctor's debrief lays out marks.
 */

type Props = { summary: RoundSummary }

function At({ iso }: { iso: string }) {
  const { time } = useMomentWords()
  return <time dateTime={iso}>{time(iso)}</time>
}

export function CaseSection({ summary: { case: played } }: Props) {
  return (
    <section aria-labelledby="round-case-heading">
      <h2 id="round-case-heading">Case</h2>
      <FactsGrid>
        <div>
          <dt>Title</dt>
          <dd>{played.title ?? 'This case has since been deleted'}</dd>
        </div>
        {played.category && (
          <div>
            <dt>Category</dt>
            <dd>{played.category}</dd>
          </div>
        )}
        <div>
          <dt>Case played</dt>
          <dd>
            Case {played.caseId}, version {played.version}
          </dd>
        </div>
      </FactsGrid>
    </section>
  )
}

export function SeatsSection({ summary: { seats } }: Props) {
  return (
    <section aria-labelledby="round-seats-heading">
      <h2 id="round-seats-heading">Who played</h2>
      {seats.length === 0 ? (
        <p>Nobody was in a seat.</p>
      ) : (
        <Seats>
          {seats.map((seat) => (
            <li key={`${seat.role}:${seat.name}`}>
              <strong>{ROLE_LABEL[seat.role]}:</strong> {seat.name}
            </li>
          ))}
        </Seats>
      )}
    </section>
  )
}

const TIMING_HEADINGS = ['Began', 'Deadline', 'Ended', 'Lasted', 'Against the deadline']

export function TimingsSection({ summary: { phases } }: Props) {
  const rows: TableRow[] = phases.map((phase) => ({
    key: `${phase.phase}@${phase.startedAt}`,
    name: PHASE_LABEL[phase.phase],
    cells: [
      <At iso={phase.startedAt} />,
      phase.deadline ? <At iso={phase.deadline} /> : 'No clock',
      phase.endedAt ? <At iso={phase.endedAt} /> : 'Still running',
      lastedWords(phase) ?? '–',
      phase.differenceMs === null ? '–' : differenceWords(phase.differenceMs),
    ],
  }))
  return (
    <section aria-labelledby="round-timings-heading">
      <h2 id="round-timings-heading">Timings</h2>
      <ScoreTable caption="Each phase: when it began, its deadline, and when it actually ended" headings={TIMING_HEADINGS} rows={rows} rowHeading="Phase" />
    </section>
  )
}

export function FeedbackSection({ summary: { feedback } }: Props) {
  const { time } = useMomentWords()
  const sheets = sheetsOf(feedback, time)
  const headings = sheets.map((sheet) => sheet.heading)
  return (
    <section aria-labelledby="round-feedback-heading">
      <h2 id="round-feedback-heading">Feedback</h2>
      {feedback.length === 0 ? (
        <p>No feedback was given in this round.</p>
      ) : (
        <>
          <ScoreTable caption="Station result" headings={headings} rows={resultRows(sheets)} />
          <ScoreTable caption={`Mark scheme (each 0-${MAX_SCORE})`} headings={headings} rows={criteriaOf(feedback).flatMap((criterion) => criterionRows(criterion, sheets))} />
          <h3>Comments</h3>
          <Comments>
            {feedback.map((given, index) => (
              <li key={headings[index]}>
                <strong>{headings[index]}</strong> to {given.to.name}, at <At iso={given.at} />
                <blockquote>{given.comment.trim() || 'No comment.'}</blockquote>
              </li>
            ))}
          </Comments>
        </>
      )}
    </section>
  )
}


const Seats = styled.ul`
  margin: 0 0 16px;
  padding-left: 20px;
  li { overflow-wrap: anywhere; }
`
