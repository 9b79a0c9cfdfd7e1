import { useId, useState } from 'react'
import styled from 'styled-components'
import type { AdminSessionState } from '../../../../schemas/api/admin-sessions.ts'
import { CONTROLS, type Capabilities } from '../../../../schemas/session/capabilities.ts'
import { Button } from '../../../components/Button.tsx'
import { theme } from '../../../theme.ts'
import { CaseNotes } from '../../../session/CaseNotes.tsx'
import { FeedbackForm } from '../../../session/feedback/FeedbackForm.tsx'
import { FindingsDialog } from '../../../session/FindingsDialog.tsx'
import { RoleBadge } from '../../../session/RoleBadge.tsx'
import { criteriaOf, findingsOf } from '../../../session/room/case-content.ts'
import { EMPTY_DRAFT } from '../../../session/room/feedback-form.ts'
import { fromSnapshot } from '../../../session/room/room-state.ts'
import { StationNotes } from '../../../session/station/StationNotes.tsx'
import { clockThen, seatScreen } from './seat-screen.ts'

type SeatView = AdminSessionState['views'][number]

/** Nothing can be ticked, marked or sent from here: the room's parts show, their controls do not act. */
const NO_CONTROLS = Object.fromEntries(CONTROLS.map((control) => [control, false])) as Capabilities
const ignore = () => undefined

/**
 * One seat's screen right after the chosen event: the GET the server would have answered them then, turned into
 * the room's own session (fromSnapshot) and drawn with the room's own parts, so the doctor's brief, the patient's
 * script and the observer's mark scheme read exactly as they did in the room.
 */
export function SeatScreen({ seat, at }: { seat: SeatView; at: string }) {
  const headingId = useId()
  const [findingsOpen, setFindingsOpen] = useState(false)
  const moment = Date.parse(at)
  const room = fromSnapshot(seat.session, seat.userId, moment, null)
  const parts = seatScreen(room, seat.userId)
  const findings = parts.caseNotes ? findingsOf(room.selectedCase) : null
  const clock = clockThen(room, moment)

  return (
    <Seat aria-labelledby={headingId}>
      <h3 id={headingId}>
        {seat.name}
        <span className="visually-hidden">, </span>
        <RoleBadge role={seat.role} />
      </h3>
      <Facts>
        <dt>Screen</dt>
        <dd>{parts.says}</dd>
        <dt>Round</dt>
        <dd>{room.currentRound}</dd>
        {clock && (
          <>
            <dt>Clock</dt>
            <dd>{clock}</dd>
          </>
        )}
      </Facts>
      {parts.stationNotes && <StationNotes session={room} userId={seat.userId} can={NO_CONTROLS} onProgress={ignore} headingLevel={4} />}
      {parts.caseNotes && <CaseNotes view={room.selectedCase} titleLevel={4} />}
      {findings && (
        <Button type="button" $variant="secondary" onClick={() => setFindingsOpen(true)}>
          Examination Findings
        </Button>
      )}
      {!parts.caseNotes && room.selectedCase && (
        <Aside>
          <summary>The case view this seat held (not on screen in this phase)</summary>
          <CaseNotes view={room.selectedCase} titleLevel={4} />
        </Aside>
      )}
      {parts.scoringForm && (
        <Aside>
          <summary>The scoring form, with the mark scheme</summary>
          <Hint>As it opened. What was typed stays in their browser until it is sent; what was sent is under Feedback so far.</Hint>
          <FeedbackForm
            headingLevel={4}
            criteria={criteriaOf(room.selectedCase)}
            draft={EMPTY_DRAFT}
            formError={null}
            refusals={0}
            choices={[]}
            busy
            onScore={ignore}
            onComment={ignore}
            marking={room.role ? { role: room.role, onChange: ignore } : undefined}
            onSubmit={ignore}
          />
        </Aside>
      )}
      <FindingsDialog key={findings?.content ?? ''} findings={findings} open={findingsOpen} onClose={() => setFindingsOpen(false)} />
    </Seat>
  )
}

const Seat = styled.section`
  margin-top: 16px;
  padding: 12px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  h3 { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 0 0 8px; font-size: 1.15rem; overflow-wrap: anywhere; }
  @media (max-width: 400px) { padding: 10px; }
`

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 2px 12px;
  margin: 0 0 8px;
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`

const Aside = styled.details`
  margin-top: 12px;
  summary { cursor: pointer; font-weight: 600; min-height: 44px; display: flex; align-items: center; color: ${theme.color.primary}; }
`

const Hint = styled.p`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
