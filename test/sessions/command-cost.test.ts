import { sql } from 'kysely'
import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { as, readyRoom, scores, seedBank } from './helpers.ts'

// A command is one round trip to the database (issue 15): the state comes from memory, the case bank is read
// only when a case is chosen, and the events, read models and notice are written by one statement. These are
// counts, not timings: a change that adds a statement or a commit to a command turns this red. A request's
// account (the sign-in check) comes from memory once read (account-cache.ts): every user here has signed in before.

const counter = countStatements()
const main = await testApp()
t.teardown(() => main.close())
await seedBank(main.database.db, { Cardiology: 4 })

t.test(`statements and commits per command (${databaseKind()})`, async (t) => {
  const room = await readyRoom(main)
  const doctor = as(main, room.doctor)
  await doctor.get(`/sessions/${room.code}`) // the code is known from now on

  const start = await counter.of(async () => t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200))
  // Whether it is a planned slot still to come (issue 20: its room opens at the time), the case bank's ids and
  // categories, one write, and the case the live SESSION_UPDATE shows.
  t.ok(start.statements <= 4, `start: ${start.statements} statements`)
  t.equal(start.commits, start.statements, 'start: no statement waits inside a transaction')

  const skip = await counter.of(async () => t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })).status, 200))
  // The live SESSION_UPDATE loads the case it shows after the answer: it may or may not fall in the window.
  t.ok(skip.statements <= 2, `skip: one write (${skip.statements} statements, the live message's case included)`)
  t.equal(skip.commits, skip.statements, 'skip: each statement its own commit')

  const retried = await counter.of(async () => {
    t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' }, { 'Idempotency-Key': 'skip-2' })).status, 200)
  })
  t.ok(retried.statements <= 3, `skip with a command id: the id checked too (${retried.statements} statements)`)

  let feedbackId: unknown
  const feedback = await counter.of(async () => {
    const answer = await as(main, room.patient).post('/feedback/submit', { sessionCode: room.code, comment: 'ok', criteriaScores: scores(), requestNewCase: false })
    t.equal(answer.status, 200)
    feedbackId = answer.json.feedbackId
  })
  const stored = await main.database.db.selectFrom('feedback').select('id').where('from_user_id', '=', room.patient.id).executeTakeFirstOrThrow()
  t.equal(feedbackId, stored.id, 'the stored feedback is named')
  // The mark scheme and bank, and one write, which answers the stored feedback's id too.
  t.equal(feedback.statements, 2, `feedback: ${feedback.statements} statements`)
  t.equal(feedback.commits, feedback.statements, 'feedback: no statement waits inside a transaction')

  t.equal((await doctor.get(`/sessions/${room.code}`)).status, 200) // the case's view is known from now on
  const read = await counter.of(async () => t.equal((await doctor.get(`/sessions/${room.code}`)).status, 200))
  // The version (checking the cached state) with the session's times and its case's stamp: nothing else.
  t.equal(read.statements, 1, 'GET session: one statement')
})

t.test('an edited case or category is shown at the next GET', async (t) => {
  const room = await readyRoom(main)
  const doctor = as(main, room.doctor)
  t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200)
  const before = (await doctor.get(`/sessions/${room.code}`)).json
  await sql`update cases set doctor_notes = 'Edited brief' where id = ${before.selectedCase.id}`.execute(main.database.db)
  t.equal((await doctor.get(`/sessions/${room.code}`)).json.selectedCase.doctorNotes, 'Edited brief')
  await sql`update categories set name = 'Heart' where name = 'Cardiology'`.execute(main.database.db)
  t.equal((await doctor.get(`/sessions/${room.code}`)).json.selectedCase.category.name, 'Heart')
})
