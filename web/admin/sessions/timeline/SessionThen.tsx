import { useState } from 'react'
import styled from 'styled-components'
import type { AdminSessionState, AdminTimelineEntry } from '../../../../schemas/api/admin-sessions.ts'
import { PHASE_LABEL, ROLE_LABEL } from '../../../../schemas/labels.ts'
import { Button } from '../../../components/Button.tsx'
import { CaseVersionDialog } from '../../../review/CaseVersionDialog.tsx'
import { theme } from '../../../theme.ts'
import { FactsGrid } from '../FactsGrid.ts'
import { SeatScreen } from './SeatScreen.tsx'
import { deadlinesUpTo, deadlineWords } from './timeline-steps.ts'
import { useMomentWords } from './useMomentWords.ts'

/**
 * The session as it stood right after one event: its phase and the case version played, each timer started so far
 * against when its phase gave way, the feedback given so far, and each seat's screen.
 */
export function SessionThen({ state, entries }: { state: AdminSessionState; entries: AdminTimelineEntry[] }) {
  const { time, dateTime } = useMomentWords()
  const [readingCase, setReadingCase] = useState(false)
  const event = entries.find((entry) => entry.version === state.version)
  const timers = deadlinesUpTo(entries, state.version, state.at)
  const played = state.caseVersion

  return (
    <>
      <FactsGrid>
        <dt>Event</dt>
        <dd>{event?.sentence ?? `Version ${state.version}`}</dd>
        <dt>When</dt>
        <dd>
          <time dateTime={state.at}>{dateTime(state.at)}</time>
        </dd>
        <dt>Phase</dt>
        <dd>{PHASE_LABEL[state.state.phase]}</dd>
        <dt>Version</dt>
        <dd>{state.version}</dd>
        <dt>Case played</dt>
        <dd>
          {played ? (
            <>
              Case {played.caseId}, version {played.version}{' '}
              <Button type="button" $variant="secondary" onClick={() => setReadingCase(true)}>
                Read this version
              </Button>
            </>
          ) : (
            'None yet'
          )}
        </dd>
      </FactsGrid>
      {readingCase && played && <CaseVersionDialog caseId={played.caseId} version={played.version} onClose={() => setReadingCase(false)} />}

      <h3>Timers</h3>
      {timers.length === 0 ? (
        <p>No timed phase had started yet.</p>
      ) : (
        <List>
          {timers.map(({ version, deadline, running }) => (
            <li key={version}>
              {deadlineWords(deadline, time)}
              {running && <Running> (running at this event)</Running>}
            </li>
          ))}
        </List>
      )}

      <h3>Feedback so far</h3>
      {state.feedbackSoFar.length === 0 ? (
        <p>No feedback had been given yet.</p>
      ) : (
        <List>
          {state.feedbackSoFar.map((feedback) => (
            <li key={feedback.version}>
              Round {feedback.round}: {feedback.from.name} ({ROLE_LABEL[feedback.from.role]}) scored {feedback.to.name} {feedback.score}
              {feedback.comment.trim() && <Comment>“{feedback.comment}”</Comment>}
            </li>
          ))}
        </List>
      )}

      {state.views.length === 0 ? (
        <p>Nobody was in the room then.</p>
      ) : (
        <p>What each one in the room had on screen then (nobody reads as online: presence is not in the log):</p>
      )}
      {state.views.map((seat) => (
        <SeatScreen key={seat.userId} seat={seat} at={state.at} />
      ))}
    </>
  )
}


const List = styled.ul`
  padding-left: 20px;
  li { margin-bottom: 4px; overflow-wrap: anywhere; }
`

const Running = styled.strong`
  color: ${theme.color.warning};
`

const Comment = styled.span`
  display: block;
  color: ${theme.color.muted};
`
