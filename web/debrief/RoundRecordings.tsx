import type { RoundNotes } from '../../schemas/debrief.ts'
import { CHECKLIST_MARK_LABEL } from '../../schemas/labels.ts'
import { RecordingPlayer, markerSecond } from '../recordings/RecordingPlayer.tsx'
import type { RecordingMeta } from '../recordings/recording-store.ts'
import { useRecordingsOf } from '../recordings/useRecordingsOf.ts'

/**
 * A round recorded in the room with everyone's consent (issue 34), if this device kept it: played back with the
 * examiners' checklist marks and the facts told as markers on its timeline. Nothing shows where nothing was kept.
 */
export function RoundRecordings({ sessionCode, round, caseTitle, notes }: { sessionCode: string; round: number; caseTitle: string; notes: RoundNotes | null }) {
  const recordings = useRecordingsOf({ kind: 'room', sessionCode, round }, caseTitle)
  if (!recordings || recordings.length === 0) return null
  return (
    <section aria-labelledby="round-recordings-heading">
      <h2 id="round-recordings-heading">Your recording of this station</h2>
      {recordings.map((recording) => (
        <RecordingPlayer key={recording.id} recording={recording} markers={markersOf(notes, recording)} />
      ))}
    </section>
  )
}

function markersOf(notes: RoundNotes | null, recording: RecordingMeta) {
  return (notes?.timeline ?? []).flatMap((note) => {
    if (note.second === null) return []
    const what = note.kind === 'MARK' ? `${note.text}: ${note.mark ? CHECKLIST_MARK_LABEL[note.mark] : ''}` : `${note.kind === 'FACT' ? 'Told' : 'Taken back'}: ${note.text}`
    return [{ second: markerSecond(note.second, recording), label: `${note.by}, ${what}`, kind: note.kind === 'MARK' ? (note.mark ?? 'MARK') : 'FACT' }]
  })
}
