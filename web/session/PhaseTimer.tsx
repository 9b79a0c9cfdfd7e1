import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { PHASE_LABEL } from '../../schemas/labels.ts'
import type { RoomTimer } from './room/room-state.ts'
import { inTwoMinuteWarning } from '../../schemas/session/clock.ts'
import { crossedMilestone, formatClock, milestoneAnnouncement, TWO_MINUTE_WARNING_WORDS } from './room/timer.ts'
import { theme } from '../theme.ts'
import type { ClockReading } from './server-clock.ts'

/**
 * The phase clock: a countdown, or for a stopwatch consultation the time elapsed. The visible clock is not a
 * live region (it would be read out every second); a separate polite status says 2 minutes, 1 minute and 0.
 * The two-minute warning is also shown in words (with its sound) until the consultation ends, for those who
 * cannot hear it; those words are not a live region either, as the status already says them once.
 */
export function PhaseTimer({ timer, reading, label, stopwatch = false }: { timer: RoomTimer; reading: ClockReading; label: string; stopwatch?: boolean }) {
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef<{ key: number; remaining: number } | null>(null)
  const phaseName = PHASE_LABEL[timer.phase]

  useEffect(() => {
    const last = previous.current?.key === timer.startTimestamp ? previous.current.remaining : null
    previous.current = { key: timer.startTimestamp, remaining: reading.remaining }
    const milestone = crossedMilestone(last, reading.remaining, timer.durationSeconds)
    if (milestone) setAnnouncement(milestoneAnnouncement(milestone, phaseName))
  }, [timer, reading.remaining, phaseName])

  const shown = stopwatch ? reading.elapsed : reading.remaining
  const warning = inTwoMinuteWarning(timer, reading.remaining)
  const urgent = warning && !stopwatch
  return (
    <Box $urgent={urgent}>
      <span id={`timer-label-${timer.startTimestamp}`}>{label}</span>
      <Clock role="timer" aria-labelledby={`timer-label-${timer.startTimestamp}`}>
        {formatClock(shown)}
      </Clock>
      {stopwatch && <small>of {formatClock(timer.durationSeconds)}</small>}
      {warning && <Warning>{TWO_MINUTE_WARNING_WORDS}</Warning>}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </Box>
  )
}

const Box = styled.div<{ $urgent: boolean }>`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  min-width: 150px;
  padding: 10px 18px;
  border-radius: ${theme.radius.medium};
  background: ${({ $urgent }) => ($urgent ? theme.color.dangerSoft : theme.color.primarySoft)};
  color: ${({ $urgent }) => ($urgent ? theme.color.danger : theme.color.primaryHover)};
  span { font-size: 0.85rem; font-weight: 600; }
  small { font-size: 0.8rem; }
  @media (max-width: 760px) {
    position: sticky;
    top: 0;
    z-index: 2;
    display: flex;
    flex-direction: row;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: center;
    gap: 12px;
    box-shadow: ${theme.shadow.card};
  }
`

const Clock = styled.div`
  font-size: 2.2rem;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  line-height: 1.1;
`

const Warning = styled.strong`
  margin-top: 4px;
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  background: ${theme.color.danger};
  color: #fff;
  font-size: 0.95rem;
  @media (max-width: 760px) { margin-top: 0; }
`
