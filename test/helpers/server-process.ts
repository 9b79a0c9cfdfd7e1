import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface ServerProcess {
  baseUrl: string
  child: ChildProcess
  output(): string
  /** SIGKILL: no shutdown hook runs, as in a crash or an out-of-memory kill. */
  crash(): Promise<void>
  stop(): Promise<void>
}

/** The real product (`server/main.ts`) as its own process, for tests about crashes and restarts. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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

  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up:\n${output}`)
    const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok).catch(() => false)
    if (healthy) break
    if (Date.now() > deadline) {
      await end('SIGKILL')
      throw new Error(`the server did not become healthy within 30 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { baseUrl, child, output: () => output, crash: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}
