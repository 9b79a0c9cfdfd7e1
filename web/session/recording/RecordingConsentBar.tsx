import { useState } from 'react'
import styled from 'styled-components'
import type { RecordingView } from '../../../schemas/session/recording-consent.ts'
import { errorMessage } from '../../api/client.ts'
import { sessionsApi } from '../../api/sessions.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { RecordingIndicator } from '../../recordings/RecordingIndicator.tsx'
import { theme } from '../../theme.ts'

interface Props {
  code: string
  userId: number
  recording: RecordingView | null
  /** What this page's own recorder is doing, in words (recording time, a problem), shown beside the indicator. */
  localStatus: string | null
  onChanged: (recording: RecordingView | null) => void
}

const ON_DEVICE = 'Each person records only on their own device; nothing is uploaded.'

/**
 * Recording the room with everyone's consent (issue 34): ask, accept or decline, and while it runs a red indicator
 * and the word "Recording" on every screen, with a stop that ends it for everyone.
 */
export function RecordingConsentBar({ code, userId, recording, localStatus, onChanged }: Props) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const act = async (request: () => Promise<{ recording: RecordingView | null }>) => {
    setBusy(true)
    setError(null)
    try {
      onChanged((await request()).recording)
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work. Please try again.'))
    } finally {
      setBusy(false)
    }
  }
  const stop = (label: string) => (
    <Button type="button" $variant="secondary" disabled={busy} onClick={() => void act(() => sessionsApi.stopRecording(code))}>
      {label}
    </Button>
  )
  const waiting = recording?.waitingFor ?? []
  const askedOfMe = waiting.some((p) => p.userId === userId)
  return (
    <Bar aria-label="Session recording">
      {error && <Alert tone="error">{error}</Alert>}
      {recording === null ? (
        <p>
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void act(() => sessionsApi.askToRecord(code))}>
            Ask to record
          </Button>{' '}
          <Hint>Everyone in the room must accept. {ON_DEVICE}</Hint>
        </p>
      ) : recording.running ? (
        <>
          <RecordingIndicator />
          {localStatus && <Hint>{localStatus}</Hint>}
          {stop('Stop recording for everyone')}
        </>
      ) : askedOfMe ? (
        <div role="alert">
          <p>
            {recording.askedByName} asks to record this session. {ON_DEVICE}
          </p>
          <Button type="button" disabled={busy} onClick={() => void act(() => sessionsApi.consentToRecording(code))}>
            Accept recording
          </Button>{' '}
          {stop('Decline')}
        </div>
      ) : (
        <p role="status">
          Recording starts when {waiting.map((p) => p.name).join(' and ')} {waiting.length === 1 ? 'accepts' : 'accept'}. {stop('Withdraw')}
        </p>
      )}
    </Bar>
  )
}

const Bar = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 8px 0;
  p { margin: 0; }
`

const Hint = styled.span`
  color: ${theme.color.muted};
`
