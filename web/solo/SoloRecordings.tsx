import { useState } from 'react'
import { Link } from 'wouter'
import type { ChecklistMark } from '../../schemas/session/types.ts'
import { RecordingPlayer, markerSecond } from '../recordings/RecordingPlayer.tsx'
import { useRecordingsOf } from '../recordings/useRecordingsOf.ts'
import type { Tick } from './solo-marks-form.ts'

interface Props {
  stationId: number
  version: number
  /** The case's title, now the station is over: the recordings take it in place of the hidden one. */
  title: string
  ticks: readonly Tick[]
  itemText: (itemId: string) => string
  markText: (mark: ChecklistMark) => string
  /** The second of the consultation the shown recording is at, as it plays or is moved. */
  onConsultationSecond: (second: number) => void
}

/**
 * The station's recordings on this device (a reload in the consultation leaves two parts), the latest shown, with
 * the candidate's timed checklist marks as markers. A station recorded on another device has none here.
 */
export function SoloRecordings({ stationId, version, title, ticks, itemText, markText, onConsultationSecond }: Props) {
  const recordings = useRecordingsOf({ kind: 'solo', soloId: stationId }, title, version)
  const [shown, setShown] = useState<string | null>(null)

  if (recordings === null) return <p role="status">Looking for your recording on this device…</p>
  if (recordings.length === 0) {
    return (
      <p>
        No recording of this station is kept on this device. <Link href="/recordings">My recordings</Link> lists those that are.
      </p>
    )
  }
  const recording = recordings.find((r) => r.id === shown) ?? recordings[0]
  const markers = ticks.flatMap((tick) =>
    tick.second === null ? [] : [{ second: markerSecond(tick.second, recording), label: `${itemText(tick.itemId)}: ${markText(tick.mark)}`, kind: tick.mark }],
  )
  return (
    <section aria-labelledby="solo-recording-heading">
      <h2 id="solo-recording-heading">Watch yourself back</h2>
      {recordings.length > 1 && (
        <p>
          This station was recorded in {recordings.length} parts (the page was reloaded during it).{' '}
          {recordings.map((part, index) => (
            <button key={part.id} type="button" aria-pressed={part.id === recording.id} onClick={() => setShown(part.id)}>
              Part {recordings.length - index}
            </button>
          ))}
        </p>
      )}
      <RecordingPlayer recording={recording} markers={markers} onTime={(seconds) => onConsultationSecond(Math.floor(recording.consultationOffsetSeconds + seconds))} />
    </section>
  )
}
