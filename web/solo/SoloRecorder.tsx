import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import type { SoloStation } from '../../schemas/solo/solo-wire.ts'
import { formatLength } from '../recordings/recording-format.ts'
import type { RecordingMeta } from '../recordings/recording-store.ts'
import { useLocalRecording } from '../recordings/useLocalRecording.ts'
import { RecordingIndicator } from '../recordings/RecordingIndicator.tsx'
import { serverNow } from '../session/server-clock.ts'
import { theme } from '../theme.ts'
import { useRecordingMedia, type RecordingMode } from '../recordings/useRecordingMedia.ts'

/**
 * A solo station's recording: the devices opened while the candidate reads, a preview of the camera, and the
 * recording itself for exactly the consultation, kept on this device. Says what it records and what it cannot.
 */
export function SoloRecorder({ station, mode, onSaved }: { station: SoloStation; mode: RecordingMode; onSaved: (recording: RecordingMeta) => void }) {
  const running = station.phase !== 'MARKING'
  const media = useRecordingMedia(mode, running)
  const meta = {
    source: { kind: 'solo' as const, soloId: station.id },
    title: `Station practised alone: ${station.case.category.name}`,
    // A recording begun after a reload in the consultation starts that far into it.
    consultationOffsetSeconds: Math.max(0, Math.floor((serverNow() - station.consultationStartedAt) / 1000)),
  }
  const recording = useLocalRecording({ active: station.phase === 'CONSULTATION', stream: () => media.stream, meta })
  const preview = useRef<HTMLVideoElement>(null)

  useEffect(() => {
    if (preview.current) preview.current.srcObject = media.hasVideo ? media.stream : null
  }, [media.stream, media.hasVideo])
  const saved = recording.saved
  useEffect(() => {
    if (saved?.complete) onSaved(saved)
  }, [saved, onSaved])

  if (mode === 'none') return running ? <Note>This station is not being recorded.</Note> : null
  return (
    <Box aria-label="Your recording">
      {running && media.hasVideo && <Preview ref={preview} autoPlay muted playsInline aria-label="Your camera" />}
      <div>
        {media.opening && <p role="status">Asking your browser for the camera and microphone…</p>}
        {media.notice && <p role="alert">{media.notice}</p>}
        {recording.status === 'recording' ? (
          <RecordingIndicator elapsedSeconds={recording.elapsed} />
        ) : (
          running && media.stream && station.phase === 'READING' && <p>Recording starts with the station, on this device only.</p>
        )}
        {recording.message && <p role="alert">{recording.message}</p>}
        {!running && saved && <p>Your recording ({formatLength(saved.durationMs)}) is kept on this device.</p>}
      </div>
    </Box>
  )
}

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin: 8px 0 16px;
  p { margin: 4px 0; }
`

const Preview = styled.video`
  width: 160px;
  max-width: 40vw;
  aspect-ratio: 4 / 3;
  border-radius: ${theme.radius.small};
  background: #000;
  object-fit: cover;
`

const Note = styled.p`
  color: ${theme.color.muted};
`
