import { useState, type ReactNode } from 'react'
import type { RoomSession } from '../room/room-state.ts'
import { BusyButton, Button } from '../../components/Button.tsx'
import { CaseNotes } from '../CaseNotes.tsx'
import { EndConsultationDialog } from '../dialogs/ConfirmDialogs.tsx'
import { PhaseHeading } from '../PhaseHeading.tsx'
import { PhaseTimer } from '../PhaseTimer.tsx'
import { Scratchpad } from '../Scratchpad.tsx'
import type { ClockReading } from '../server-clock.ts'
import { Controls, Layout, Side } from './ReadingPhase.tsx'

/**
 * Consultation: the timer for every role (docs/decisions/0018-what-each-role-sees.md: better practice than hiding
 * it from the doctor),
 * End Consultation for the doctor (confirmed first), and the feedback form for the others to fill in as they
 * watch. The dialog goes with the phase: if the clock ends the consultation first, it closes by itself.
 */
export function ConsultationPhase(props: {
  session: RoomSession
  clock: ClockReading | null
  hasFindings: boolean
  onShowFindings: () => void
  /** The doctor's (and an admin's) End Consultation: the server's SkipPhase rule. */
  mayEnd: boolean
  onEnd: () => void
  ending: boolean
  /** The patient's facts to tick, the examiner's checklist to mark (issue 32); nothing for the doctor. */
  stationNotes: ReactNode
  feedbackForm: ReactNode
}) {
  const { session, clock } = props
  const stopwatch = session.config.timingType === 'STOPWATCH'
  const [confirming, setConfirming] = useState(false)
  return (
    <Layout>
      <Side>
        <PhaseHeading>Consultation</PhaseHeading>
        {session.timer && clock && <PhaseTimer timer={session.timer} reading={clock} label={stopwatch ? 'Consultation time elapsed' : 'Consultation time remaining'} stopwatch={stopwatch} />}
        <Controls>
          {props.hasFindings && (
            <Button type="button" $variant="secondary" onClick={props.onShowFindings}>
              Examination Findings
            </Button>
          )}
          {props.mayEnd && (
            <BusyButton type="button" onClick={() => setConfirming(true)} busy={props.ending}>
              {props.ending ? 'Ending…' : 'End Consultation'}
            </BusyButton>
          )}
        </Controls>
        {session.role === 'doctor' && <Scratchpad code={session.code} round={session.currentRound} />}
      </Side>
      <div>
        {props.stationNotes}
        <CaseNotes view={session.selectedCase} />
        {props.feedbackForm}
      </div>
      <EndConsultationDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        // Closed at once, so a refusal shows in the room (behind an open dialog it could not be read).
        onConfirm={() => {
          setConfirming(false)
          props.onEnd()
        }}
      />
    </Layout>
  )
}
