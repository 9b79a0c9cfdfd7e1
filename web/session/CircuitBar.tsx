import { useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { PAUSE_REASON_MAX } from '../../schemas/mock/circuit.ts'
import type { CircuitView } from '../../schemas/mock/circuit-view.ts'
import { errorMessage } from '../api/client.ts'
import { sessionsApi } from '../api/sessions.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { theme } from '../theme.ts'
import { formatClock } from './room/timer.ts'
import { useCountdown } from './server-clock.ts'

interface Props {
  code: string
  circuit: CircuitView
  mayPause: boolean
  mayResume: boolean
  onChanged: (circuit: CircuitView | null) => void
}

/**
 * Where a mock exam stands (issue 33): which station of how many, a rest or the change-over with the time until
 * the next station, and a pause with its reason. The host alone pauses (saying why) and resumes.
 */
export function CircuitBar({ code, circuit, mayPause, mayResume, onChanged }: Props) {
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const focus = useFocusNext<'resume' | 'pause'>()
  const clock = useCountdown(circuit.paused ? null : circuit.clock)
  const slot = circuit.schedule[circuit.slotsBegun - 1]

  const act = async (request: () => Promise<{ circuit: CircuitView | null }>) => {
    setBusy(true)
    setError(null)
    try {
      const { circuit: after } = await request()
      focus.next(after?.paused ? 'resume' : 'pause')
      onChanged(after)
      setAsking(false)
      setReason('')
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  const pause = (event: FormEvent) => {
    event.preventDefault()
    if (reason.trim()) void act(() => sessionsApi.pauseCircuit(code, reason.trim()))
  }

  return (
    <Bar aria-label="Mock exam">
      <p>
        <strong>Mock exam</strong>{' '}
        {circuit.slotsBegun === 0 ? `${circuit.stations} stations: the circuit starts when the host starts it.` : `Station ${circuit.stationNumber} of ${circuit.stations}`}
        {slot === 'REST' && !circuit.paused && clock && <> · Rest station: the next station starts in {formatClock(clock.remaining)}</>}
        {slot === 'STATION' && circuit.clock?.phase === 'FEEDBACK' && !circuit.paused && clock && (
          <> · Change-over: {circuit.slotsBegun === circuit.schedule.length ? 'the circuit ends' : 'the next station starts'} in {formatClock(clock.remaining)}</>
        )}
      </p>
      {circuit.paused && (
        <Paused role="status">
          Paused by the host ({circuit.paused.reason}). {formatClock(circuit.paused.remainingSeconds)} left of this phase when it goes on.
        </Paused>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {mayResume && circuit.paused && (
        <Button ref={focus.focusIf('resume')} type="button" onClick={() => void act(() => sessionsApi.resumeCircuit(code))} disabled={busy}>
          Resume the circuit
        </Button>
      )}
      {mayPause && !circuit.paused && circuit.clock && !asking && (
        <Button ref={focus.focusIf('pause')} type="button" $variant="secondary" onClick={() => setAsking(true)}>
          Pause…
        </Button>
      )}
      {asking && !circuit.paused && (
        <PauseForm onSubmit={pause}>
          <label htmlFor="pause-reason">Why pause? (everyone sees it, and the log keeps it)</label>
          <input id="pause-reason" value={reason} maxLength={PAUSE_REASON_MAX} onChange={(event) => setReason(event.target.value)} required autoFocus />
          <Button type="submit" disabled={busy || !reason.trim()}>
            Pause the circuit
          </Button>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              focus.next('pause')
              setAsking(false)
            }}
          >
            Cancel
          </Button>
        </PauseForm>
      )}
    </Bar>
  )
}

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin: 8px 0;
  padding: 10px 14px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  p { margin: 0; flex: 1 1 240px; overflow-wrap: anywhere; }
`

const Paused = styled.p`
  font-weight: 600;
  color: ${theme.color.warning};
`

const PauseForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  flex: 1 1 100%;
  label { flex: 1 1 100%; font-weight: 600; }
  input { flex: 1 1 200px; min-height: 44px; padding: 8px 10px; border: 1px solid ${theme.color.controlBorder}; border-radius: ${theme.radius.small}; }
`
