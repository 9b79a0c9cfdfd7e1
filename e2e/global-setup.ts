import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, serverArguments } from '../test/helpers/server-process.ts'
import { startMailbox } from './mailbox.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Starts the real product for the browser tests: an SMTP receiver and the built server, as `npm start` runs it,
 * on a free port with a fresh data directory (embedded PGlite). Tests find it through E2E_BASE_URL and
 * E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  // `make` builds first; a bare `npx playwright test` on a fresh checkout builds the client here. The server is
  // built every time (a fraction of a second), so the tests never run a server older than its source.
  if (!existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' })
  }
  buildServer()

  const tmp = mkdtempSync(path.join(tmpdir(), 'plab-e2e-'))
  const mailDir = path.join(tmp, 'mail')
  mkdirSync(mailDir)
  const mailbox = await startMailbox(mailDir)

  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const admin = { name: 'Test Admin', email: 'admin-e2e@example.com', password: randomBytes(12).toString('base64url') }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO: 'false',
    RATE_LIMITS: 'off',
    JWT_SECRET: randomBytes(30).toString('base64url'),
    SMTP_URL: mailbox.url,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    // The outside links come from settings (issue 30): e2e/contact.spec.ts checks the landing shows these.
    COMMUNITY_URL: 'https://chat.example.org/plab-e2e',
    DONATION_URL: 'https://donate.example.org/plab-e2e',
    CONTACT_EMAIL: 'inbox-e2e@example.org',
    // The config treats empty as unset: no Google sign-in, and the embedded database whatever the shell says.
    GOOGLE_CLIENT_ID: '',
    DATABASE_URL: '',
  }

  let server: Server | undefined
  try {
    // ADMIN_EMAIL promotes an existing account at start-up, so: start, register the admin, restart.
    server = await startServer(env, baseURL, path.join(tmp, 'server.log'))
    const registered = await fetch(`${baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    })
    if (registered.status !== 201) throw new Error(`registering the admin account failed: ${await registered.text()}`)
    await server.stop()
    server = await startServer(env, baseURL, path.join(tmp, 'server.log'))
  } catch (error) {
    await server?.stop()
    await mailbox.close()
    throw error
  }
  const running = server

  process.env.E2E_BASE_URL = baseURL
  process.env.E2E_MAIL_DIR = mailDir
  process.env.E2E_ADMIN_EMAIL = admin.email
  process.env.E2E_ADMIN_PASSWORD = admin.password

  return async function globalTeardown() {
    await running.stop()
    await mailbox.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

interface Server {
  stop(): Promise<void>
}

async function startServer(env: NodeJS.ProcessEnv, baseURL: string, logFile: string): Promise<Server> {
  const log = openSync(logFile, 'a')
  const child = spawn(process.execPath, serverArguments('built'), { cwd: ROOT, env, stdio: ['ignore', log, log] })
  closeSync(log)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async () => {
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(killer)
  }
  try {
    await waitForHealth(baseURL, exited)
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    throw new Error(`${(error as Error).message}\n--- server log ---\n${readFileSync(logFile, 'utf8')}`)
  }
  return { stop }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseURL: string, exited: Promise<number | null>, timeoutMs = 60_000) {
  let stopped: number | null | undefined
  void exited.then((code) => (stopped = code))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (stopped !== undefined) throw new Error(`the server exited with code ${stopped} before it was ready`)
    try {
      const response = await fetch(`${baseURL}/api/health`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the server did not answer ${baseURL}/api/health within ${timeoutMs} ms`)
}
