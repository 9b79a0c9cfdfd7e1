/**
 * Issue 30, item 12: SIGTERM while a burst of connections waits to be accepted by a busy process. The process is
 * made busy deterministically: stopped (SIGSTOP) while 120 clients connect, so the kernel queues them; then told to
 * stop (SIGTERM) and resumed. Every request must get a whole answer (served, or 503) or be refused before it was
 * accepted (ECONNREFUSED): never reset mid-request. Three trials.
 */
import http from 'node:http'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { startServerProcess } from '../helpers/server-process.ts'

const BURST = 120
const TRIALS = 3

/** A GET on its own connection; resolves when that connection is established, and again with the outcome. */
function burstRequest(baseUrl: string) {
  let connected!: () => void
  const established = new Promise<void>((resolve) => (connected = resolve))
  const outcome = new Promise<string>((resolve) => {
    const outgoing = http.get(`${baseUrl}/api/health`, { agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(String(response.statusCode)))
      response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    })
    outgoing.on('socket', (socket) => socket.once('connect', connected))
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      connected()
      resolve(error.code ?? error.message)
    })
  })
  return { established, outcome }
}

t.test('SIGTERM to a busy process with a burst waiting: every request answered or cleanly refused', async (t) => {
  t.setTimeout(240_000)
  for (let trial = 1; trial <= TRIALS; trial++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-shutdown-burst-'))
    const server = await startServerProcess({ DATA_DIR: dataDir, RATE_LIMITS: 'off', JWT_SECRET: 'shutdown-burst-secret-shutdown-burst-secret' })
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
    server.child.kill('SIGSTOP')
    const burst = Array.from({ length: BURST }, () => burstRequest(server.baseUrl))
    await Promise.all(burst.map((request) => request.established))
    server.child.kill('SIGTERM')
    server.child.kill('SIGCONT')
    const outcomes = await Promise.all(burst.map((request) => request.outcome))
    const counts = outcomes.reduce<Record<string, number>>((all, outcome) => ({ ...all, [outcome]: (all[outcome] ?? 0) + 1 }), {})
    t.same(Object.keys(counts).filter((outcome) => !['200', '503', 'ECONNREFUSED'].includes(outcome)), [], `trial ${trial}: ${JSON.stringify(counts)}`)
    t.equal(await exited, 0, `trial ${trial}: the process exited cleanly`)
  }
})
