/**
 * Recordings kept on this device only, in IndexedDB: nothing here is ever sent to the server. While recording,
 * each second arrives as a chunk and is saved at once, so a closed or crashed page loses at most a second; a
 * finished recording is one file with its duration written in (players can seek it).
 */
import fixWebmDuration from 'fix-webm-duration'
import { formatClock } from '../session/room/timer.ts'
import { needsDurationFix } from './recording-format.ts'

export type RecordingSource = { kind: 'solo'; soloId: number } | { kind: 'room'; sessionCode: string; round: number }

export interface RecordingMeta {
  id: string
  source: RecordingSource
  /** The case title, or 'Session ABC123, station 2' while the case is still hidden. */
  title: string
  /** Epoch ms when recording began. */
  createdAt: number
  /** The second of the station's consultation at which this recording began (0 when it began with it); lets checklist marks noted in consultation seconds be placed on the recording's timeline. */
  consultationOffsetSeconds: number
  durationMs: number
  mimeType: string
  bytes: number
  hasVideo: boolean
  /** false while recording, or when the page closed before it was finished (the chunks kept so far still play). */
  complete: boolean
}

interface Chunk {
  recordingId: string
  index: number
  blob: Blob
}

const RECORDINGS = 'recordings'
const CHUNKS = 'chunks'
const FILES = 'files'

let opened: Promise<IDBDatabase> | null = null

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('plab-recordings', 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(RECORDINGS, { keyPath: 'id' })
      request.result.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'index'] })
      request.result.createObjectStore(FILES, { keyPath: 'id' })
    }
    request.onsuccess = () => {
      // Another tab opening a later version must not wait on this one: close, and open afresh next time.
      request.result.onversionchange = () => {
        request.result.close()
        opened = null
      }
      resolve(request.result)
    }
    request.onerror = () => {
      opened = null
      reject(request.error)
    }
  })
  return opened
}

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

/** Runs `work` in one transaction and settles when it commits: a write is only kept once committed. */
async function inTransaction<T>(stores: string[], mode: IDBTransactionMode, work: (transaction: IDBTransaction) => Promise<T>): Promise<T> {
  const transaction = (await database()).transaction(stores, mode)
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onabort = () => reject(transaction.error ?? new DOMException('The save was cancelled.', 'AbortError'))
  })
  // A failed request aborts the transaction: its error is the one worth reporting (a full disk, say).
  const [value] = await Promise.all([work(transaction), committed])
  return value
}

const chunksOf = (id: string) => IDBKeyRange.bound([id, 0], [id, Infinity])

const sameSource = (a: RecordingSource, b: RecordingSource) =>
  a.kind === 'solo' ? b.kind === 'solo' && a.soloId === b.soloId : b.kind === 'room' && a.sessionCode === b.sessionCode && a.round === b.round

/** Newest first. */
export async function listRecordings(): Promise<RecordingMeta[]> {
  const all = await inTransaction([RECORDINGS], 'readonly', (t) => result<RecordingMeta[]>(t.objectStore(RECORDINGS).getAll()))
  return all.sort((a, b) => b.createdAt - a.createdAt)
}

export async function recordingsFor(source: RecordingSource): Promise<RecordingMeta[]> {
  return (await listRecordings()).filter((recording) => sameSource(recording.source, source))
}

/** The finished file, or for a recording never finished the chunks kept so far, its duration written in. */
export async function recordingBlob(id: string): Promise<Blob | null> {
  const [meta, file, chunks] = await inTransaction([RECORDINGS, FILES, CHUNKS], 'readonly', (t) =>
    Promise.all([
      result<RecordingMeta | undefined>(t.objectStore(RECORDINGS).get(id)),
      result<{ id: string; blob: Blob } | undefined>(t.objectStore(FILES).get(id)),
      result<Chunk[]>(t.objectStore(CHUNKS).getAll(chunksOf(id))),
    ]),
  )
  if (!meta) return null
  if (file) return file.blob
  if (chunks.length === 0) return null
  const joined = new Blob(chunks.map((chunk) => chunk.blob), { type: meta.mimeType })
  return needsDurationFix(meta.mimeType) ? fixWebmDuration(joined, meta.durationMs, { logger: false }) : joined
}

export async function deleteRecording(id: string): Promise<void> {
  await inTransaction([RECORDINGS, FILES, CHUNKS], 'readwrite', async (t) => {
    t.objectStore(RECORDINGS).delete(id)
    t.objectStore(FILES).delete(id)
    t.objectStore(CHUNKS).delete(chunksOf(id))
  })
}

/** The recordings' own size, and the whole site's use and allowance where the browser tells (not Safari before 17). */
export async function storageUse(): Promise<{ recordingsBytes: number; usedBytes: number | null; quotaBytes: number | null }> {
  const recordingsBytes = (await listRecordings()).reduce((sum, recording) => sum + recording.bytes, 0)
  const estimate = await navigator.storage?.estimate?.().catch(() => null)
  return { recordingsBytes, usedBytes: estimate?.usage ?? null, quotaBytes: estimate?.quota ?? null }
}

/** Renames a source's recordings, e.g. from 'Session ABC123, station 2' to the case once it is revealed. */
export async function updateTitle(source: RecordingSource, title: string): Promise<void> {
  await inTransaction([RECORDINGS], 'readwrite', async (t) => {
    const store = t.objectStore(RECORDINGS)
    for (const recording of await result<RecordingMeta[]>(store.getAll())) {
      if (sameSource(recording.source, source) && recording.title !== title) store.put({ ...recording, title })
    }
  })
}

/** The writes the recorder makes as it goes (recorder.ts). */
export async function createRecording(meta: RecordingMeta): Promise<void> {
  await inTransaction([RECORDINGS], 'readwrite', async (t) => {
    t.objectStore(RECORDINGS).add(meta)
  })
}

/**
 * Saves one chunk and, in the same transaction, how long and large the recording now is. None is kept for a
 * recording deleted meanwhile (from My recordings in another tab): it would lie there unlisted.
 */
export async function appendChunk(chunk: Chunk, progress: Pick<RecordingMeta, 'durationMs' | 'mimeType'>): Promise<void> {
  await inTransaction([RECORDINGS, CHUNKS], 'readwrite', async (t) => {
    const store = t.objectStore(RECORDINGS)
    const meta = await result<RecordingMeta | undefined>(store.get(chunk.recordingId))
    if (!meta) return
    t.objectStore(CHUNKS).put(chunk)
    store.put({ ...meta, ...progress, bytes: meta.bytes + chunk.blob.size })
  })
}

/**
 * Replaces the chunks with one file, its duration written in. If there is no room for that copy beside the
 * chunks, they stay (and still play) and the recording stays unfinished. Null: nothing was recorded.
 */
export async function finishRecording(id: string): Promise<RecordingMeta | null> {
  const file = await recordingBlob(id)
  if (!file) {
    await deleteRecording(id)
    return null
  }
  try {
    return await inTransaction([RECORDINGS, FILES, CHUNKS], 'readwrite', async (t) => {
      const store = t.objectStore(RECORDINGS)
      const meta = await result<RecordingMeta | undefined>(store.get(id))
      if (!meta) return null
      const finished: RecordingMeta = { ...meta, bytes: file.size, complete: true }
      t.objectStore(CHUNKS).delete(chunksOf(id))
      t.objectStore(FILES).put({ id, blob: file })
      store.put(finished)
      return finished
    })
  } catch (error) {
    if (!isStorageFull(error)) throw error
    return (await inTransaction([RECORDINGS], 'readonly', (t) => result<RecordingMeta | undefined>(t.objectStore(RECORDINGS).get(id)))) ?? null
  }
}

/** The browser's "disk full" (Firefox before 2023 named it its own way). */
export function isStorageFull(error: unknown): boolean {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
}

export const STORAGE_FULL = (secondsRecorded: number) =>
  `This device has no space left for the recording. It stopped at ${formatClock(secondsRecorded)}; what was recorded until then is kept. ` +
  'To make room, delete old recordings on My recordings.'
