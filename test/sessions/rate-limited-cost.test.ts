import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { as, readyRoom, seedBank } from './helpers.ts'

// Production runs with rate limits on (issue 15). A route that takes a session code must not pay a round trip to
// learn that the user has not used up their wrong codes: that is known in memory (code-miss-limit.ts). What is left
// is the per-user count of the routes limited per account, a statement on PostgreSQL (the shared store) and none
// on the embedded database (the plugin's in-memory store).

const counter = countStatements()
const main = await testApp({ rateLimits: true })
t.teardown(() => main.close())
await seedBank(main.database.db, { Cardiology: 2 })
const perUserCount = databaseKind() === 'postgres' ? 1 : 0

t.test(`statements per session route with rate limits on (${databaseKind()})`, async (t) => {
  const room = await readyRoom(main)
  const doctor = as(main, room.doctor)
  await doctor.get(`/sessions/${room.code}`) // the code and its case's view are known from now on
  await doctor.get(`/sessions/${room.code}`)

  const read = await counter.of(async () => t.equal((await doctor.get(`/sessions/${room.code}`)).status, 200))
  t.equal(read.statements, 1 + perUserCount, `GET session: the read, and the per-user count (${read.statements} statements)`)

  const counters = counter.watch(/rate_limit_hits/)
  t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200)
  t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })).status, 200)
  t.equal(counters(), 0, 'commands limited by wrong codes only: no rate-limit statement at all')

  const latecomer = await signedInUser(main)
  t.equal((await as(main, latecomer).post(`/sessions/${room.code}/join-with-role`, { role: 'observer' })).status, 200)
  t.equal(counters(), perUserCount, 'join-with-role: its per-user count only')
})
