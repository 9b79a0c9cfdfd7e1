import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { DEMO_ACCOUNTS } from '../../server/accounts/demo-accounts.ts'
import { buildServer, rssMb, startServerProcess } from '../helpers/server-process.ts'

// `npm start` runs the built server (dist/server): one bundle with every migration, the embedded database's
// worker in a bundle of its own, and the demo bank found from the checkout's root. `make run` on a fresh
// checkout, as the README says.
// The embedded database whichever pass runs it: once is enough.
const skip = process.env.DATABASE_URL ? 'the built server runs on the embedded database: run in the PGlite pass' : false

t.test('the built server migrates a new embedded database, seeds the demo bank and accounts, and signs one in', { skip }, async (t) => {
  buildServer()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-built-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(30).toString('base64url'), SEED_DEMO: 'true', LOG_LEVEL: 'info' }, 'built')
  t.teardown(() => server.stop())

  t.match(server.output(), /database: pglite/)
  // The embedded database is opened afresh after creating and seeding it (openServerDatabase): about 530 MB
  // then, where the thread that did the set-up held about 940 MB.
  const rss = rssMb(server.child.pid!)
  t.ok(rss < 750, `the server holds ${Math.round(rss)} MB once serving`)
  const seeded = /Demo case bank: (\d+) cases and (\d+) categories created/.exec(server.output())
  t.ok(seeded && Number(seeded[1]) > 0 && Number(seeded[2]) > 0, `the demo bank was seeded: ${seeded?.[0]}`)

  const [demo] = DEMO_ACCOUNTS
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demo.email, password: demo.password }),
  })
  t.equal(login.status, 200, 'a demo account signs in')
  const { token } = (await login.json()) as { token: string }
  const categories = await fetch(`${server.baseUrl}/api/categories`, { headers: { Authorization: `Bearer ${token}` } })
  t.equal(categories.status, 200)
  t.equal(((await categories.json()) as unknown[]).length, Number(seeded?.[2]), 'the seeded categories are served')
})
