import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const STARTUP_LIMIT_MS = 90_000

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * How the product is run: from its source through tsx (nothing to build first), or built as `npm start` runs it
 * (dist/server, see buildServer).
 */
export type ServerEntry = 'source' | 'built'

export const serverArguments = (entry: ServerEntry) =>
  entry === 'built' ? ['--enable-source-maps', 'dist/server/main.mjs'] : ['--import', 'tsx', 'server/main.ts']

/** Builds the server as `npm run build` does (esbuild, a fraction of a second), so a built run is of the code as it is now. */
export function buildServer() {
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' })
}

/** A process's resident memory in MB, from /proc (Linux). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

export interface ServerProcess {
  baseUrl: string
  child: ChildProcess
  output(): string
  /** SIGKILL: no shutdown hook runs, as in a crash or an out-of-memory kill. */
  crash(): Promise<void>
  stop(): Promise<void>
}

/** The real product as its own process (from source unless `entry` says built), for tests about crashes and restarts. */
export async function startServerProcess(env: Record<string, string>, entry: ServerEntry = 'source', { port: fixedPort }: { port?: number } = {}): Promise<ServerProcess> {
  // A restart takes the port it had, so the browsers' pages and live connections find it again.
  const port = fixedPort ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, serverArguments(entry), {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', GOOGLE_CLIENT_ID: '', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }

  // A first start on a new embedded database creates it (PGlite's initdb) and opens it again: about 5 s on a
  // quiet machine, over 30 s beside browsers encoding video (the relay test next to call.spec.ts).
  const deadline = Date.now() + STARTUP_LIMIT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up:\n${output}`)
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok).catch(() => false)
    if (healthy) break
    if (Date.now() > deadline) {
      await end('SIGKILL')
      throw new Error(`the server did not become healthy within ${STARTUP_LIMIT_MS / 1000} s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { baseUrl, child, output: () => output, crash: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}
