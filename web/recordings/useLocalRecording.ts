import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { LocalRecorder, mixedStream, recordingSupport, type RecordingStart } from './recorder.ts'
import { deleteRecording, isStorageFull, type RecordingMeta } from './recording-store.ts'

export interface LocalRecording {
  status: 'idle' | 'starting' | 'recording' | 'saved' | 'failed'
  /** Why recording failed or stopped early, in words for the user; null when all went well. */
  message: string | null
  /** Whole seconds recorded, counted each second while recording. */
  elapsed: number
  /** The recording kept, once stopped (also after a problem stopped it early). */
  saved: RecordingMeta | null
}

const IDLE: LocalRecording = { status: 'idle', message: null, elapsed: 0, saved: null }

const NO_SPACE_TO_START = 'This device has no space left for a recording. To make room, delete old recordings on My recordings.'
const COULD_NOT_START = 'The recording could not start in this browser. Practice goes on without it.'

/**
 * Records on this device while `active` is true (and a stream and a description are at hand); stops when it turns
 * false, on unmount, and when the page goes away ('pagehide': what was saved until then stays, unfinished).
 * `stream` may return a stream the caller owns: its tracks are never stopped here, only the mixer made here.
 */
export function useLocalRecording({ active, stream, meta }: { active: boolean; stream: () => MediaStream | null; meta: RecordingStart | null }): LocalRecording {
  const [state, setState] = useState<LocalRecording>(IDLE)
  // Read when recording starts: a caller's new getter or description object each render must not restart it.
  const latest = useRef({ stream, meta })
  useLayoutEffect(() => {
    latest.current = { stream, meta }
  })
  // Each recording's updates count only while it is the latest (React may start one twice, in development).
  const runs = useRef(0)
  // Once under way, only `active` ends a recording: a stream or description missing for a moment must not cut it.
  const underWay = state.status === 'starting' || state.status === 'recording'
  const current = stream()
  const ready = active && (underWay || (meta !== null && current !== null))
  // A recorder keeps only the tracks it started with: when they change (a voice joins the call, the page's own
  // devices give way to the call's), the file so far is kept and a new one starts with every track.
  const tracks = useRef('')
  if (current) tracks.current = current.getTracks().map((track) => track.id).join(' ')
  const tracksKey = tracks.current

  useEffect(() => {
    const source = latest.current.stream()
    const description = latest.current.meta
    if (!ready || !source || !description) return
    const run = ++runs.current
    const update = (change: (previous: LocalRecording) => Partial<LocalRecording>) => {
      if (runs.current === run) setState((previous) => ({ ...previous, ...change(previous) }))
    }
    const unsupported = recordingSupport()
    if (unsupported) {
      setState({ ...IDLE, status: 'failed', message: unsupported })
      return
    }
    setState({ ...IDLE, status: 'starting' })
    // A recorder gets its own stream: were the caller to add or drop a track on theirs, a recorder on it would stop.
    // More than one voice needs mixing, as a recorder keeps only one audio track.
    const mixer = source.getAudioTracks().length > 1 ? mixedStream(source.getVideoTracks()[0] ?? null, [source]) : null
    const recorded = mixer?.stream ?? new MediaStream(source.getTracks())
    let recorder: LocalRecorder | null = null
    let ended = false

    const onProblem = (message: string) => {
      update(() => ({ status: 'failed', message }))
      stop()
    }
    const started = LocalRecorder.start(recorded, description, onProblem).then(
      (begun) => {
        recorder = begun
        if (!ended) update(() => ({ status: 'recording' }))
        return begun
      },
      (error: unknown) => {
        update(() => ({ status: 'failed', message: isStorageFull(error) ? NO_SPACE_TO_START : COULD_NOT_START }))
        mixer?.dispose()
        return null
      },
    )
    const tick = setInterval(() => {
      const elapsed = recorder?.elapsedSeconds()
      if (elapsed !== undefined) update(() => ({ elapsed }))
    }, 1000)

    function stop() {
      if (ended) return
      ended = true
      // Stopped before it was under way (React's development double start, or a station ended at once): nobody
      // asked for that second, so it is not kept.
      const abandoned = recorder === null
      clearInterval(tick)
      window.removeEventListener('pagehide', stop)
      void started
        .then((running) => running?.stop() ?? null)
        .then(async (saved) => (saved && abandoned ? deleteRecording(saved.id).then(() => null) : saved))
        .then((saved) =>
          update((previous) => ({
            saved,
            elapsed: saved ? Math.floor(saved.durationMs / 1000) : previous.elapsed,
            status: previous.status === 'failed' ? 'failed' : saved ? 'saved' : 'idle',
          })),
        )
        .finally(() => mixer?.dispose())
    }
    window.addEventListener('pagehide', stop)
    return stop
  }, [ready, tracksKey])

  return state
}
