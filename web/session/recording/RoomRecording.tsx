import { deadlineOf, elapsedSeconds } from '../../../schemas/session/clock.ts'
import type { RecordingView } from '../../../schemas/session/recording-consent.ts'
import { formatLength } from '../../recordings/recording-format.ts'
import { useLocalRecording } from '../../recordings/useLocalRecording.ts'
import { useRecordingMedia } from '../../recordings/useRecordingMedia.ts'
import { sendsVideo, type CallSnapshot } from '../call/call-snapshot.ts'
import { caseTitle } from '../room/case-content.ts'
import type { RoomSession } from '../room/room-state.ts'
import { serverNow } from '../server-clock.ts'
import { RecordingConsentBar } from './RecordingConsentBar.tsx'

interface Props {
  call: CallSnapshot
  session: RoomSession
  userId: number
  onChanged: (recording: RecordingView | null) => void
}

/** This page's own camera (when it sends it) and every voice of the call: a recorder keeps them as one file. */
function callStream(call: CallSnapshot): MediaStream | null {
  if (!call.local) return null
  const video = sendsVideo(call) ? call.local.getVideoTracks() : []
  const voices = [call.local, ...call.peers.flatMap((peer) => (peer.stream ? [peer.stream] : []))].flatMap((stream) => stream.getAudioTracks())
  return new MediaStream([...video, ...voices])
}

/**
 * Where in the consultation this recording begins (the round's checklist marks are timed in its seconds): during
 * reading, before it; after it, the consultation's whole length (the exact end is not known here).
 */
function consultationOffset(session: RoomSession): number {
  const { timer } = session
  if (timer?.phase === 'CONSULTATION') return elapsedSeconds(timer, serverNow())
  if (timer?.phase === 'READING') return -Math.ceil((deadlineOf(timer) - serverNow()) / 1000)
  return session.phase === 'FEEDBACK' ? Math.round(session.config.consultationTime * 60) : 0
}

/**
 * The room's recording on this device (issue 34): it runs while everyone has consented, from the call's media, or
 * from this device's own camera and microphone when this page is not in the call. One file per round.
 */
export function RoomRecording({ call, session, userId, onChanged }: Props) {
  const { recording } = session
  const running = recording?.running === true && recording.consented.includes(userId)
  const own = useRecordingMedia('video', running && !call.joined)
  const local = useLocalRecording({
    active: running,
    stream: () => (call.joined ? callStream(call) : own.stream),
    meta: {
      source: { kind: 'room', sessionCode: session.code, round: session.currentRound },
      // The case's title where this seat may read it; the doctor's recording takes it in the debrief.
      title: caseTitle(session.selectedCase) ?? `${session.title}, station ${session.currentRound}`,
      consultationOffsetSeconds: consultationOffset(session),
    },
  })
  const status = local.status === 'recording' ? `On this device: ${formatLength(local.elapsed * 1000)}` : (local.message ?? own.notice)
  return <RecordingConsentBar code={session.code} userId={userId} recording={recording} localStatus={status} onChanged={onChanged} />
}
