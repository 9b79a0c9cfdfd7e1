import { useCallback, useState } from 'react'
import styled from 'styled-components'
import { Link, useParams } from 'wouter'
import type { Phase } from '../../schemas/session/types.ts'
import { EARLIEST_END_SECONDS, type SoloPhase } from '../../schemas/solo/solo-station.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { Alert } from '../components/Alert.tsx'
import { BusyButton } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { CaseNotes } from '../session/CaseNotes.tsx'
import { PhaseTimer } from '../session/PhaseTimer.tsx'
import { useCountdown } from '../session/server-clock.ts'
import { useRoomSounds } from '../session/sounds.ts'
import { SoundsBlockedNotice } from '../session/SoundsBlockedNotice.tsx'
import { SoloMarking } from '../solo/SoloMarking.tsx'
import { SoloRecorder } from '../solo/SoloRecorder.tsx'
import { recordingModeOf, rememberRecordingMode } from '../solo/recording-mode.ts'
import { RecordingModeChoice } from '../solo/RecordingModeChoice.tsx'
import type { RecordingMode } from '../recordings/useRecordingMedia.ts'
import { useSoloStation } from '../solo/useSoloStation.ts'
import { theme } from '../theme.ts'

/** The room's sounds read the session's phases: the station's end is the room's move to feedback. */
const ROOM_PHASE: Record<SoloPhase, Phase> = { READING: 'READING', CONSULTATION: 'CONSULTATION', MARKING: 'FEEDBACK' }
const HEADING: Record<SoloPhase, string> = {
  READING: 'Read the candidate’s instructions',
  CONSULTATION: 'In the station: speak the consultation aloud',
  MARKING: 'The station is over: watch, then mark yourself',
}

/**
 * A station practised alone (issue 34), timed like the exam with its bells. The clock is the server's: a reload
 * finds the station where it stands, and the script and checklist come only once it is over.
 */
export default function SoloStation() {
  const params = useParams<{ id: string }>()
  const id = Number(params.id)
  const { user } = useAuth()
  const { station, setStation, failure, busy, moveOn } = useSoloStation(id)
  usePageTitle(station ? HEADING[station.phase] : 'Practise alone')
  const timer = station?.timer ?? null
  const clock = useCountdown(timer)
  const phase = station ? ROOM_PHASE[station.phase] : null
  useRoomSounds(phase, timer, clock?.remaining ?? null)
  // The recording is finished (its length written) just after the station ends: the player then reads it again.
  const [recordings, setRecordings] = useState(0)
  const recordingSaved = useCallback(() => setRecordings((count) => count + 1), [])
  const [mode, setMode] = useState<RecordingMode>(() => recordingModeOf(id) ?? 'none')
  const chooseMode = (next: RecordingMode) => {
    setMode(next)
    rememberRecordingMode(id, next)
  }

  if (!station) {
    return <Page>{failure ? <Alert tone="error">{failure}</Alert> : <p role="status">Loading the station…</p>}</Page>
  }
  return (
    <Page>
      <Top>
        <div>
          <Kicker>Practising alone</Kicker>
          <h1>{HEADING[station.phase]}</h1>
        </div>
        {timer && clock && <PhaseTimer timer={timer} reading={clock} label={timer.phase === 'READING' ? 'Reading time' : 'Time left in the station'} />}
      </Top>
      <SoundsBlockedNotice phase={phase!} />
      {failure && <Alert tone="error">{failure}</Alert>}
      {station.phase === 'READING' && <RecordingModeChoice mode={mode} onChange={chooseMode} />}
      <SoloRecorder station={station} mode={mode} onSaved={recordingSaved} />
      {station.phase === 'READING' && (
        <>
          <CaseNotes view={station.case} />
          <BusyButton type="button" busy={busy} onClick={() => void moveOn('READING')}>
            Start the station now
          </BusyButton>
        </>
      )}
      {station.phase === 'CONSULTATION' && (
        <>
          <CaseNotes view={station.case} />
          {clock && clock.elapsed >= EARLIEST_END_SECONDS ? (
            <BusyButton type="button" $variant="secondary" busy={busy} onClick={() => void moveOn('CONSULTATION')}>
              End the station
            </BusyButton>
          ) : (
            <Kicker>You can end the station early once its first minute has passed.</Kicker>
          )}
        </>
      )}
      {station.phase === 'MARKING' && user && <SoloMarking recordingsVersion={recordings} station={station} userId={user.id} onSaved={setStation} />}
      <p>
        <Link href="/practise-alone">Practise another station</Link> · <Link href="/recordings">My recordings</Link>
      </p>
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  padding: 24px 16px 40px;
  h1 { font-size: 1.4rem; margin: 0; }
`

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: 12px;
  margin-bottom: 12px;
`

const Kicker = styled.p`
  margin: 0 0 4px;
  color: ${theme.color.muted};
  font-weight: 600;
`
