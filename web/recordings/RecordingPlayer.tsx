import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { formatClock } from '../session/room/timer.ts'
import { theme } from '../theme.ts'
import { recordingBlob, type RecordingMeta } from './recording-store.ts'

// Callers place consultation-time marks on a recording with it.
export { markerSecond } from './recording-format.ts'

export interface RecordingMarker {
  /** Seconds on the recording's own timeline (markerSecond turns consultation seconds into these). */
  second: number
  label: string
  /** A checklist mark ('DONE', 'PARTLY', 'NOT_DONE') shows in its colour; the label says what each is, so colour only groups. */
  kind?: string
}

const KIND_COLOURS: Record<string, string> = { DONE: theme.color.success, PARTLY: theme.color.warning, NOT_DONE: theme.color.danger }

/**
 * A recording kept on this device, with its marks: on a bar in proportion to the time (to see where they
 * cluster), and again as a list in time order, which is the way to reach them on a phone, where the bar's
 * marks may overlap, and with a screen reader.
 */
export function RecordingPlayer({ recording, markers = [], onTime }: { recording: RecordingMeta; markers?: RecordingMarker[]; onTime?: (seconds: number) => void }) {
  const media = useRef<HTMLMediaElement | null>(null)
  const [url, setUrl] = useState<string | null>(null)
  const [unreadable, setUnreadable] = useState(false)
  const [position, setPosition] = useState(0)

  useEffect(() => {
    let made: string | null = null
    let current = true
    setUrl(null)
    setUnreadable(false)
    recordingBlob(recording.id).then(
      (blob) => {
        if (!current) return
        if (!blob) return setUnreadable(true)
        made = URL.createObjectURL(blob)
        setUrl(made)
      },
      () => current && setUnreadable(true),
    )
    return () => {
      current = false
      if (made) URL.revokeObjectURL(made)
    }
  }, [recording.id, recording.complete])

  const duration = recording.durationMs / 1000
  const inside = (second: number) => second >= 0 && second <= duration
  const sorted = [...markers].sort((a, b) => a.second - b.second)
  const colour = (marker: RecordingMarker) => KIND_COLOURS[marker.kind ?? ''] ?? theme.color.primary
  const at = (second: number) => `${duration > 0 ? (100 * second) / duration : 0}%`
  const seek = (second: number) => {
    if (media.current) media.current.currentTime = second
  }
  const timeUpdate = () => {
    const seconds = media.current?.currentTime ?? 0
    setPosition(seconds)
    onTime?.(seconds)
  }

  const attach = (element: HTMLMediaElement | null) => {
    media.current = element
  }
  const shared = { ref: attach, src: url ?? undefined, controls: true, preload: 'metadata', onTimeUpdate: timeUpdate, 'aria-label': `Recording: ${recording.title}` }
  return (
    <Player>
      {unreadable ? (
        <p role="alert">This recording could not be read from this device&apos;s storage.</p>
      ) : url === null ? (
        <p role="status">Loading the recording…</p>
      ) : recording.hasVideo ? (
        <Video {...shared} playsInline />
      ) : (
        <Audio {...shared} />
      )}
      {sorted.length > 0 && (
        <>
          {/* For the eye and the pointer: the list below reaches each mark by keyboard and screen reader, once. */}
          <Bar aria-hidden="true">
            <Playhead aria-hidden="true" style={{ left: at(Math.min(position, duration)) }} />
            {sorted.map((marker, index) =>
              inside(marker.second) ? (
                <Tick
                  key={index}
                  type="button"
                  tabIndex={-1}
                  style={{ left: at(marker.second) }}
                  $colour={colour(marker)}
                  aria-label={`Jump to ${formatClock(marker.second)}: ${marker.label}`}
                  title={`${formatClock(marker.second)} ${marker.label}`}
                  onClick={() => seek(marker.second)}
                />
              ) : null,
            )}
          </Bar>
          <Marks aria-label="Marks in time order">
            {sorted.map((marker, index) => (
              <li key={index}>
                {inside(marker.second) ? (
                  <MarkButton type="button" $colour={colour(marker)} onClick={() => seek(marker.second)}>
                    <time>{formatClock(marker.second)}</time> {marker.label}
                  </MarkButton>
                ) : (
                  <Outside>
                    {marker.label} ({marker.second < 0 ? 'before the recording began' : 'after the recording ended'})
                  </Outside>
                )}
              </li>
            ))}
          </Marks>
        </>
      )}
    </Player>
  )
}

const Player = styled.div`
  margin: 12px 0;
`

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 60vh;
  background: #000;
  border-radius: ${theme.radius.small};
`

const Audio = styled.audio`
  display: block;
  width: 100%;
`

/** Side padding keeps the first and last marks' buttons inside the bar. */
const Bar = styled.div`
  position: relative;
  height: 32px;
  margin: 12px 12px 8px;
  background: linear-gradient(${theme.color.border}, ${theme.color.border}) center / 100% 4px no-repeat;
`

const Playhead = styled.span`
  position: absolute;
  top: 0;
  bottom: 0;
  width: 2px;
  background: ${theme.color.text};
  pointer-events: none;
`

/** 24 px wide: the smallest target a finger can hit (WCAG 2.5.8); the drawn mark is the line inside. */
const Tick = styled.button<{ $colour: string }>`
  position: absolute;
  top: 0;
  width: 24px;
  height: 32px;
  margin-left: -12px;
  padding: 0;
  border: 0;
  background: linear-gradient(${({ $colour }) => $colour}, ${({ $colour }) => $colour}) center / 4px 100% no-repeat;
  cursor: pointer;
  &:hover { background-size: 8px 100%; }
`

const Marks = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`

const MarkButton = styled.button<{ $colour: string }>`
  width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  text-align: left;
  color: ${theme.color.text};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-left: 4px solid ${({ $colour }) => $colour};
  border-radius: ${theme.radius.small};
  cursor: pointer;
  overflow-wrap: anywhere;
  time { font-weight: 700; font-variant-numeric: tabular-nums; }
  &:hover { background: ${theme.color.primarySoft}; }
`

const Outside = styled.span`
  display: block;
  padding: 8px 12px;
  color: ${theme.color.muted};
`
