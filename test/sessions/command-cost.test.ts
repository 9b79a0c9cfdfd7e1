import { DefaultQueryCompiler, sql, type RootOperationNode } from 'kysely'
import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { as, editCase, readyRoom, scores, seedBank } from './helpers.ts'

// A command is one round trip to the database (issue 15): the state comes from memory, so does what choosing a
// case and checking feedback read of the case bank once this instance has read it (case-bank-cache.ts), and the
// events, read models and notice are written by one statement. These are counts, not timings: a change that adds
// a statement or a commit to a command turns this red. A request's account (the sign-in check) comes from memory
// once read (account-cache.ts): every user here has signed in before.

const counter = countStatements()
/** The statement that reads the case bank's catalog (decision-context.ts). */
const bankReads = counter.watch(/'categoryName'/)
const main = await testApp()
t.teardown(() => main.close())
await seedBank(main.database.db, { Cardiology: 4 })

t.test(`statements and commits per command (${databaseKind()})`, async (t) => {
  const room = await readyRoom(main)
  const doctor = as(main, room.doctor)
  await doctor.get(`/sessions/${room.code}`) // the code is known from now on

  // Configuring and joining read the bank: it is known from now on.
  const bankReadsBefore = bankReads()
  const start = await counter.of(async () => t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200))
  t.equal(bankReads(), bankReadsBefore, 'start: the case bank comes from memory')
  // One write, which also checks that it is no planned slot still to come (issue 20: its room opens at the time).
  // The case the live SESSION_UPDATE shows was read when the room was configured, and is unchanged.
  t.equal(start.statements, 1, `start: ${start.statements} statements`)
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
  // The case's mark scheme, read the first time feedback on it is checked here, and one write, which answers the
  // stored feedback's id too.
  t.equal(feedback.statements, 2, `feedback: ${feedback.statements} statements`)
  t.equal(feedback.commits, feedback.statements, 'feedback: no statement waits inside a transaction')
  const second = await counter.of(async () => {
    const answer = await as(main, room.observer).post('/feedback/submit', { sessionCode: room.code, comment: 'ok', criteriaScores: scores(), requestNewCase: false })
    t.equal(answer.status, 200)
  })
  t.equal(second.statements, 1, 'feedback on a case whose mark scheme is known: one write')

  t.equal((await doctor.get(`/sessions/${room.code}`)).status, 200) // the case's view is known from now on
  const read = await counter.of(async () => t.equal((await doctor.get(`/sessions/${room.code}`)).status, 200))
  // The version (checking the cached state) with the session's times and its case's stamp: nothing else.
  t.equal(read.statements, 1, 'GET session: one statement')
})

/** Nodes of a query's tree, each as often as compiling it visits it. */
function nodesIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + nodesIn(item), 0)
  if (value === null || typeof value !== 'object' || !('kind' in value)) return 0
  return 1 + Object.values(value).reduce((sum: number, child) => sum + nodesIn(child), 0)
}

t.test('a command\'s statement is a small tree to build and compile', async (t) => {
  // Kysely's insert builder made a frozen node of every column, value and upsert assignment, and compiling walked
  // them again: about 260 nodes for a skip, 560 for a feedback, the largest CPU cost of storing a command. Raw SQL
  // (raw-insert.ts) needs a node per value and little else.
  const appends: number[] = []
  const compile = DefaultQueryCompiler.prototype.compileQuery
  DefaultQueryCompiler.prototype.compileQuery = function (this: DefaultQueryCompiler, node: RootOperationNode, queryId) {
    const compiled = compile.call(this, node, queryId)
    if (compiled.sql.startsWith('with appended')) appends.push(nodesIn(node))
    return compiled
  }
  t.teardown(() => void (DefaultQueryCompiler.prototype.compileQuery = compile))
  const room = await readyRoom(main)
  const doctor = as(main, room.doctor)
  t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200)
  appends.length = 0
  t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })).status, 200)
  t.equal((await doctor.post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })).status, 200)
  const feedback = { sessionCode: room.code, comment: 'ok', criteriaScores: scores(), requestNewCase: false }
  t.equal((await as(main, room.patient).post('/feedback/submit', feedback)).status, 200)
  t.equal(appends.length, 3, 'one statement each')
  t.ok(appends[0] <= 120, `a skip: ${appends[0]} nodes`)
  t.ok(appends[2] <= 250, `a feedback: ${appends[2]} nodes`)
})

t.test('an edit of the case or its category leaves a running session showing the version it drew', async (t) => {
  const room = await readyRoom(main)
  const doctor = as(main, room.doctor)
  t.equal((await doctor.post(`/sessions/${room.code}/start`)).status, 200)
  const before = (await doctor.get(`/sessions/${room.code}`)).json
  t.equal(await editCase(main.database.db, before.selectedCase.id, { doctorNotes: 'Edited brief' }), 2)
  await sql`update categories set name = 'Heart' where name = 'Cardiology'`.execute(main.database.db)
  const after = (await doctor.get(`/sessions/${room.code}`)).json.selectedCase
  t.same([after.doctorNotes, after.category.name], [before.selectedCase.doctorNotes, 'Cardiology'], 'as drawn: what its participants read')
  await sql`update categories set name = 'Cardiology' where name = 'Heart'`.execute(main.database.db)
})
