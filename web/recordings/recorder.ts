/**
 * Records a station on this device: MediaRecorder hands over a chunk each second and each is saved at once
 * (recording-store.ts), so closing the page loses at most a second. Nothing is uploaded.
 */
import { pickMimeType } from './recording-format.ts'
import { appendChunk, createRecording, deleteRecording, finishRecording, isStorageFull, STORAGE_FULL, type RecordingMeta } from './recording-store.ts'


/** What the caller says about a recording; the recorder measures the rest. */
export type RecordingStart = Omit<RecordingMeta, 'id' | 'durationMs' | 'bytes' | 'complete' | 'mimeType' | 'hasVideo' | 'createdAt'>

const TIMESLICE_MS = 1000

/**
 * Low enough for a phone's storage (about 30 MB for an 8-minute station), high enough to see the candidate's
 * face and hear every word.
 */
const BITRATE = { videoBitsPerSecond: 600_000, audioBitsPerSecond: 32_000 }

/** Null when this browser can record and keep recordings, else why not, in a sentence. */
export function recordingSupport(): string | null {
  if (typeof MediaRecorder === 'undefined') return 'This browser cannot record (it has no MediaRecorder); a recent Chrome, Edge, Firefox or Safari can.'
  if (typeof indexedDB === 'undefined') return 'This browser cannot keep recordings on this device (its site storage is turned off, as in some private windows).'
  return null
}

/**
 * One stream of a video track and every audio track of `audioSources` mixed into one (a recorder keeps only one
 * audio track): in a room, the recorder's own voice and the others'. Each track gets its own input, as a stream
 * source only ever plays its first track. Remote call audio reaches the mix only while it also plays in a media
 * element (a Chromium rule); the call's tiles play it.
 */
export function mixedStream(video: MediaStreamTrack | null, audioSources: MediaStream[]): { stream: MediaStream; dispose(): void } {
  const context = new AudioContext()
  const destination = context.createMediaStreamDestination()
  const inputs = audioSources
    .flatMap((source) => source.getAudioTracks())
    .map((track) => {
      const input = context.createMediaStreamSource(new MediaStream([track]))
      input.connect(destination)
      return input
    })
  // Made without a click (a phase starting on its own), the context may start suspended: silence, unless resumed.
  void context.resume()
  let disposed = false
  return {
    stream: new MediaStream([...(video ? [video] : []), ...destination.stream.getAudioTracks()]),
    dispose() {
      if (context.state === 'closed' || disposed) return
      disposed = true
      for (const input of inputs) input.disconnect()
      for (const track of destination.stream.getTracks()) track.stop()
      void context.close()
    },
  }
}

export class LocalRecorder {
  private index = 0
  /** Chunks are saved one after another, in order; the last save is awaited before finishing. */
  private writes: Promise<void> = Promise.resolve()
  private halted = false
  private endedAt: number | null = null
  private finished: Promise<RecordingMeta | null> | null = null
  private readonly recorderStopped: Promise<void>

  private constructor(
    readonly id: string,
    private readonly recorder: MediaRecorder,
    private mimeType: string,
    private readonly startedAt: number,
    private readonly onProblem: (message: string) => void,
  ) {
    // The recorder also stops by itself, when every track it records has ended (a camera unplugged, the devices
    // given back): the length is measured to then, and the page is told, so it never shows a recording that is not.
    this.recorderStopped = new Promise((resolve) =>
      recorder.addEventListener(
        'stop',
        () => {
          this.endedAt = performance.now()
          resolve()
          if (!this.finished) this.halt('The recording stopped: the camera or microphone it recorded went away. What was recorded until then is kept.')
        },
        { once: true },
      ),
    )
    recorder.addEventListener('dataavailable', (event) => this.save(event.data))
    recorder.addEventListener('error', () =>
      this.halt('The browser stopped the recording (its camera or microphone may have gone). What was recorded until then is kept.'),
    )
  }

  /** Starts recording `stream`, whose tracks stay the caller's: the recorder never stops them. */
  static async start(stream: MediaStream, meta: RecordingStart, onProblem: (message: string) => void): Promise<LocalRecorder> {
    const hasVideo = stream.getVideoTracks().length > 0
    const mimeType = pickMimeType(hasVideo, (type) => MediaRecorder.isTypeSupported(type))
    const recorder = new MediaRecorder(stream, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: BITRATE.audioBitsPerSecond,
      ...(hasVideo ? { videoBitsPerSecond: BITRATE.videoBitsPerSecond } : {}),
    })
    const id = crypto.randomUUID()
    const createdAt = Date.now()
    await createRecording({ ...meta, id, createdAt, durationMs: 0, mimeType: mimeType ?? '', bytes: 0, hasVideo, complete: false })
    try {
      recorder.start(TIMESLICE_MS)
    } catch (error) {
      // Never started: no empty entry on My recordings.
      await deleteRecording(id)
      throw error
    }
    return new LocalRecorder(id, recorder, mimeType ?? '', performance.now(), onProblem)
  }

  elapsedSeconds(): number {
    return Math.floor(this.elapsedMs() / 1000)
  }

  /** Stops, writes the duration into the file, marks it complete. Safe to call twice. */
  stop(): Promise<RecordingMeta | null> {
    this.finished ??= this.finish()
    return this.finished
  }

  private elapsedMs() {
    return (this.endedAt ?? performance.now()) - this.startedAt
  }

  private save(blob: Blob) {
    if (blob.size === 0) return
    // Without a format of our choosing (an older Safari), the browser's own shows on the first chunk.
    if (!this.mimeType) this.mimeType = blob.type
    const chunk = { recordingId: this.id, index: this.index++, blob }
    const progress = { durationMs: Math.round(this.elapsedMs()), mimeType: this.mimeType }
    this.writes = this.writes
      .then(() => (this.halted ? undefined : appendChunk(chunk, progress)))
      .catch((error: unknown) =>
        this.halt(
          // The chunk that did not fit was the last second: the recording kept ends a second before it.
          isStorageFull(error)
            ? STORAGE_FULL(Math.max(0, Math.floor(progress.durationMs / 1000) - 1))
            : 'The recording could not be saved on this device, so it stopped. What was saved until then is kept.',
        ),
      )
  }

  /** Stops on a problem, saying it once; what was saved stays. */
  private halt(message: string) {
    if (this.halted) return
    this.halted = true
    this.onProblem(message)
    void this.stop()
  }

  private async finish(): Promise<RecordingMeta | null> {
    if (this.recorder.state !== 'inactive') this.recorder.stop()
    // The last chunk comes before 'stop'; its save is queued by then.
    await this.recorderStopped
    await this.writes
    try {
      return await finishRecording(this.id)
    } catch {
      this.halt('The recording could not be finished; what was saved plays from My recordings, perhaps without its length.')
      return null
    }
  }
}
