import { useEffect, useState } from 'react'
import { openLocalMedia } from '../session/call/local-media.ts'
import { recordingSupport } from './recorder.ts'

export const RECORDING_MODES = ['video', 'audio', 'none'] as const
export type RecordingMode = (typeof RECORDING_MODES)[number]

export const RECORDING_MODE_TEXT: Record<RecordingMode, string> = {
  video: 'Camera and microphone',
  audio: 'Microphone only',
  none: 'No recording',
}

export interface RecordingMedia {
  stream: MediaStream | null
  hasVideo: boolean
  /** Asking the browser for the devices. */
  opening: boolean
  /** What the station will do without what was asked for; null when it has it all. */
  notice: string | null
}

const NOTHING: RecordingMedia = { stream: null, hasVideo: false, opening: false, notice: null }

/**
 * The camera and microphone for a recording made on this device (a solo station's, opened while the candidate
 * reads so the browser's question comes before the consultation; a room's, when its call is not joined), closed
 * once it is no longer wanted. Whatever is refused or missing, the station
 * runs: with sound only, or without a recording, and the page says which.
 */
export function useRecordingMedia(mode: RecordingMode, wanted: boolean): RecordingMedia {
  const [media, setMedia] = useState<RecordingMedia>(NOTHING)
  useEffect(() => {
    if (!wanted || mode === 'none') return setMedia(NOTHING)
    const unsupported = recordingSupport()
    if (unsupported) return setMedia({ ...NOTHING, notice: `${unsupported} The station runs without a recording.` })
    if (!navigator.mediaDevices?.getUserMedia) return setMedia({ ...NOTHING, notice: 'This browser gives no access to a camera or microphone. The station runs without a recording.' })
    let stream: MediaStream | null = null
    let cancelled = false
    setMedia({ ...NOTHING, opening: true })
    void openLocalMedia({ video: mode === 'video' }).then((opened) => {
      if (cancelled) return opened.stream.getTracks().forEach((track) => track.stop())
      stream = opened.stream
      setMedia(mediaOf(opened.stream, mode))
    })
    return () => {
      cancelled = true
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [mode, wanted])
  return media
}

function mediaOf(stream: MediaStream, mode: RecordingMode): RecordingMedia {
  const hasVideo = stream.getVideoTracks().length > 0
  const hasAudio = stream.getAudioTracks().length > 0
  if (!hasAudio && !hasVideo) {
    return { ...NOTHING, notice: 'The camera and microphone were refused or are missing. The station runs without a recording; allow them in your browser\'s site settings to record the next one.' }
  }
  if (mode === 'video' && !hasVideo) return { stream, hasVideo, opening: false, notice: 'The camera was refused or is missing: this station records sound only.' }
  if (!hasAudio) return { stream, hasVideo, opening: false, notice: 'The microphone was refused or is missing: this station records the picture without sound.' }
  return { stream, hasVideo, opening: false, notice: null }
}
