import styled from 'styled-components'
import type { Capabilities } from '../../../schemas/session/capabilities.ts'
import type { RoomSession } from '../room/room-state.ts'
import { BusyButton, Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { CaseNotes } from '../CaseNotes.tsx'
import { PhaseHeading } from '../PhaseHeading.tsx'
import { PhaseTimer } from '../PhaseTimer.tsx'
import { Scratchpad } from '../Scratchpad.tsx'
import type { ClockReading } from '../server-clock.ts'

export interface ReadingControls {
  can: Capabilities
  hasFindings: boolean
  onShowFindings: () => void
  onSkip: () => void
  onNewCase: () => void
  pending: string | null
}

/** Reading: everyone reads their own notes against the countdown; the doctor may skip ahead or ask for another case. */
export function ReadingPhase({ session, clock, controls }: { session: RoomSession; clock: ClockReading | null; controls: ReadingControls }) {
  const isDoctor = session.role === 'doctor'
  return (
    <Layout>
      <Side>
        <PhaseHeading>Reading time</PhaseHeading>
        {session.timer && clock && <PhaseTimer timer={session.timer} reading={clock} label="Time until consultation begins" />}
        {isDoctor && (
          <Review>
            <p>Read the brief and plan your consultation. It begins when the timer ends, or when you skip ahead.</p>
          </Review>
        )}
        <Controls>
          {controls.hasFindings && (
            <Button type="button" $variant="secondary" onClick={controls.onShowFindings}>
              Examination Findings
            </Button>
          )}
          {controls.can.SkipPhase && (
            <BusyButton type="button" onClick={controls.onSkip} busy={controls.pending !== null}>
              {controls.pending === 'skip' ? 'Skipping…' : 'Skip to Consultation'}
            </BusyButton>
          )}
          {controls.can.NewCase && (
            <BusyButton type="button" $variant="secondary" onClick={controls.onNewCase} busy={controls.pending !== null}>
              {controls.pending === 'newCase' ? 'Finding a case…' : 'New Case'}
            </BusyButton>
          )}
        </Controls>
        {isDoctor && <Scratchpad code={session.code} round={session.currentRound} />}
      </Side>
      <CaseNotes view={session.selectedCase} />
    </Layout>
  )
}

/**
 * Side column and notes. On a wide screen the side column (clock and controls) sticks to the top while a long
 * script or the form scrolls beside it. On a phone the two stack in plain flow and the side column's box
 * dissolves, so the clock (a sticky PhaseTimer) stays in view over the whole phase.
 */
export const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 280px) minmax(0, 1fr);
  gap: 20px;
  align-items: start;
  @media (max-width: 760px) {
    display: block;
    > * + * { margin-top: 20px; }
  }
`

export const Side = styled.div`
  position: sticky;
  top: 12px;
  display: flex;
  flex-direction: column;
  gap: 12px;
  @media (max-width: 760px) {
    display: contents;
    > * + * { margin-top: 12px; }
  }
`

export const Controls = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
`

const Review = styled.div`
  padding: 12px 14px;
  border-left: 4px solid ${theme.role.DOCTOR};
  background: ${theme.color.surface};
  border-radius: ${theme.radius.small};
  p { margin: 0; }
`
