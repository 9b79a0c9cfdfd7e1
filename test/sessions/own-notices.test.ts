import t from 'tap'
import { buildApp } from '../../server/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { as, readyRoom, seedBank } from './helpers.ts'
import { inRoom, listen } from './live-room.ts'

// An instance's own commit is delivered from the batch it committed (ordered-delivery.ts). Its notice, which often
// reaches the LISTEN connection before the commit's answer reaches the command, must cost no read of the store;
// another instance's commit costs exactly one. Notices arrive in commit order, so once this instance has delivered
// the other's commits, it has handled the notices of its own earlier ones.
const counter = countStatements()
const main = await testApp()
t.teardown(() => main.close())

t.test('own commits are delivered without reading them back; another instance’s are read once', { skip: databaseKind() !== 'postgres' && 'notices need PostgreSQL (LISTEN/NOTIFY)' }, async (t) => {
  await seedBank(main.database.db, { Cardiology: 3 })
  const server = await listen(main.app)
  const commitReads = counter.watch(/xmin::text as "transaction"/)
  const rooms = await Promise.all([1, 2, 3].map(() => readyRoom(main)))
  const doctors = await Promise.all(rooms.map((room) => inRoom(t, server, 'websocket', room.doctor, room.code)))
  for (const [index, room] of rooms.entries()) {
    const doctor = as(main, room.doctor)
    t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200)
    t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })).status, 200)
    await doctors[index].until('TIMER_START', (message) => message.phase === 'CONSULTATION')
  }

  const other = await buildApp({ config: main.config, database: main.database, logger: false })
  t.teardown(() => other.close())
  await other.ready()
  for (const [index, room] of rooms.entries()) {
    const skipped = await other.inject({ method: 'POST', url: `/api/sessions/${room.code}/skip-phase`, headers: room.doctor.auth, payload: { phase: 'CONSULTATION' } })
    t.equal(skipped.statusCode, 200, skipped.body)
    await doctors[index].until('PHASE_CHANGE', (message) => message.phase === 'FEEDBACK')
  }
  t.equal(commitReads(), rooms.length, "18 own commits read nothing back; each of the other instance's 3 was read once, here")
})
