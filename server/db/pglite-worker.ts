import { PGlite, types } from '@electric-sql/pglite'
import { parentPort, workerData } from 'node:worker_threads'
import type { PGliteNotice, PGliteReply, PGliteRequest, PGliteWorkerData } from './pglite-thread.ts'

/**
 * The embedded database's own thread: PGlite runs its WebAssembly Postgres synchronously, so on the server's
 * event loop a busy database would stall every request and new connection (issue 15). Requests arrive in order
 * and PGlite runs them in that order; the main thread's dialect keeps a transaction's statements together.
 */
const { dataDir, loadDataDir } = workerData as PGliteWorkerData
const port = parentPort!

const pglite = await PGlite.create(dataDir, {
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  // Both drivers must agree (connect.ts): bigint and numeric columns come back as numbers.
  parsers: {
    [types.INT8]: (value: string) => Number(value),
    [types.NUMERIC]: (value: string) => Number(value),
  },
  // Postgres arms a 10 s startup-progress timer; in PGlite that timer outlives close() and keeps the thread
  // from ending. An embedded database has no startup progress worth logging.
  startParams: [...PGlite.defaultStartParams, '-c', 'log_startup_progress_interval=0'],
})
port.postMessage({ id: 0, ok: true, value: null } satisfies PGliteReply)

port.on('message', async (request: PGliteRequest) => {
  try {
    const reply = await run(request)
    port.postMessage({ id: request.id, ok: true, value: reply.value } satisfies PGliteReply, { transfer: reply.transfer })
  } catch (error) {
    port.postMessage({ id: request.id, ok: false, error: errorFields(error) } satisfies PGliteReply)
  }
})

async function run(request: PGliteRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query': {
      const result = await pglite.query(request.sql, request.params)
      return { value: { rows: result.rows, affectedRows: result.affectedRows } }
    }
    case 'dump': {
      const bytes = await (await pglite.dumpDataDir('gzip')).arrayBuffer()
      return { value: bytes, transfer: [bytes] }
    }
    case 'listen':
      // PGlite calls this (a microtask) while it reads the committing statement's answer, before that answer is
      // posted: the main thread hears the change before it hears the commit.
      await pglite.listen(request.channel, (payload) => port.postMessage({ notice: { channel: request.channel, payload } } satisfies PGliteNotice))
      return { value: null }
    case 'close':
      await pglite.close()
      return { value: null }
  }
}

/** An Error's fields survive the thread boundary only as plain data: the SQLSTATE `code` and the rest are kept. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, unknown> = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) if (typeof value !== 'object' && typeof value !== 'function') fields[key] = value
  return fields
}
