import { Worker } from 'node:worker_threads'

export interface PGliteWorkerData {
  /** Absent: an in-memory database. */
  dataDir?: string
  /** A gzipped dump (`dumpDataDir`) to start from. */
  loadDataDir?: ArrayBuffer
}

export type PGliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'dump' }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' }

export type PGliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> }

/** A NOTIFY heard on a channel the thread LISTENs on; sent before the answer of the statement that committed it. */
export interface PGliteNotice {
  notice: { channel: string; payload: string }
}

export interface QueryReply<R> {
  rows: R[]
  affectedRows?: number
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void }

/**
 * Run from its source (this module is a .ts file), the server's TypeScript goes through tsx, whose hooks a
 * worker does not inherit: the thread registers them, then loads pglite-worker.ts. Built (`npm run build`), the
 * worker is its own bundle beside the server's, dist/server/pglite-worker.mjs.
 */
function workerBootstrap(): string {
  if (!import.meta.url.endsWith('.ts')) return `import(${JSON.stringify(new URL('./pglite-worker.mjs', import.meta.url).href)})`
  const worker = new URL('./pglite-worker.ts', import.meta.url).href
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}) })`
}

/**
 * The main thread's handle on PGlite running in a worker thread (pglite-worker.ts): what the dialect and the
 * tests use of PGlite (query, dumpDataDir, close), each forwarded as a message and answered in order.
 */
export class PGliteThread {
  closed = false
  private readonly pending = new Map<number, Pending>()
  /** Per channel: who hears it here, and the thread's LISTEN (sent once, for the first of them). */
  private readonly channels = new Map<string, { hearers: Set<(payload: string) => void>; listening: Promise<unknown> }>()
  private nextId = 1

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: PGliteReply | PGliteNotice) => ('notice' in message ? this.heard(message.notice) : this.settle(message)))
    worker.on('error', (error) => this.fail(error as Error))
    worker.on('exit', () => this.fail(new Error('The embedded database thread has stopped')))
    // The thread keeps the process alive only while an answer is awaited (see send), as in-process PGlite did.
    worker.unref()
  }

  static async start(data: PGliteWorkerData = {}): Promise<PGliteThread> {
    const worker = new Worker(workerBootstrap(), { eval: true, workerData: data, transferList: data.loadDataDir ? [data.loadDataDir] : [] })
    const thread = new PGliteThread(worker)
    try {
      await thread.await(0)
    } catch (error) {
      await worker.terminate()
      throw error
    }
    return thread
  }

  query<R>(sql: string, params: unknown[] = []): Promise<QueryReply<R>> {
    return this.send({ op: 'query', sql, params }) as Promise<QueryReply<R>>
  }

  /**
   * Each notice on `channel` reaches `onPayload`, before the answer of the statement that committed it. Answers
   * how to stop (an app closed and built again on the same database listens again).
   */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => void> {
    let listened = this.channels.get(channel)
    if (!listened) this.channels.set(channel, (listened = { hearers: new Set(), listening: this.send({ op: 'listen', channel }) }))
    const { hearers, listening } = listened
    hearers.add(onPayload)
    await listening
    return () => hearers.delete(onPayload)
  }

  /** The whole database as a gzipped tarball, as PGlite's own dumpDataDir('gzip'). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.send({ op: 'dump' })) as ArrayBuffer])
  }

  /** Closes the database, then ends its thread. */
  async close(): Promise<void> {
    if (this.closed) return
    await this.send({ op: 'close' })
    this.closed = true
    await this.worker.terminate()
  }

  private send(request: { op: 'query'; sql: string; params: unknown[] } | { op: 'dump' } | { op: 'listen'; channel: string } | { op: 'close' }): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The embedded database is closed'))
    const id = this.nextId++
    const answer = this.await(id)
    this.worker.postMessage({ ...request, id })
    return answer
  }

  private await(id: number): Promise<unknown> {
    if (this.pending.size === 0) this.worker.ref()
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }))
  }

  private heard({ channel, payload }: PGliteNotice['notice']) {
    for (const hear of this.channels.get(channel)?.hearers ?? []) hear(payload)
  }

  private settle(reply: PGliteReply) {
    const pending = this.take(reply.id)
    if (!pending) return
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(Object.assign(new Error(String(reply.error.message)), reply.error))
  }

  private fail(error: Error) {
    this.closed = true
    for (const id of [...this.pending.keys()]) this.take(id)!.reject(error)
  }

  private take(id: number): Pending | undefined {
    const pending = this.pending.get(id)
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker.unref()
    return pending
  }
}
