import t from 'tap'
import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildApp } from '../../server/app.ts'
import { openDatabase } from '../../server/cli/open-database.ts'
import type { Db } from '../../server/db/connect.ts'
import { SETTLE_MS } from '../../server/sessions/engine/step-guard.ts'
import { rebuildReadModels } from '../../server/sessions/store/rebuild.ts'
import { replayReport } from '../../server/sessions/store/timeline.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp, type TestApp } from '../helpers/app.ts'
import { as, readyRoom, scores, seedBank } from './helpers.ts'

/** The sessions' clock: moved on before a New Case, which replaces only a case whose reading has settled. */
let offset = 0
const app = await testApp({}, { clock: () => Date.now() + offset })
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3, Respiratory: 2 })

/** A session through one feedback round and into the next case, and another one ended early. */
async function playSomeSessions(target: TestApp) {
  const room = await readyRoom(target)
  const post = (user: typeof room.doctor, url: string, body?: object) => as(target, user).post(url, body)
  await post(room.doctor, `/sessions/${room.code}/start`)
  offset += SETTLE_MS
  await post(room.doctor, `/sessions/${room.code}/new-case`)
  await post(room.doctor, `/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  await post(room.doctor, `/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  await post(room.observer, '/feedback/submit', { sessionCode: room.code, comment: 'Observed', criteriaScores: scores(2, 3) })
  await post(room.patient, '/feedback/submit', { sessionCode: room.code, comment: 'Played', criteriaScores: scores(4, 4), requestNewCase: true })
  const short = await readyRoom(target, { selectedTopics: ['Respiratory'] })
  await post(short.doctor, `/sessions/${short.code}/leave`)
  return room
}

async function readModels(db: Db) {
  return {
    sessions: await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    participants: await db.selectFrom('session_participants').selectAll().orderBy('session_id').orderBy('user_id').execute(),
    feedback: (await db.selectFrom('feedback').selectAll().orderBy('session_id').orderBy('event_version').execute()).map(({ id: _id, ...row }) => row),
  }
}

const room = await playSomeSessions(app)

t.test(`the read models rebuilt from the log equal the live ones (${databaseKind()})`, async (t) => {
  const live = await readModels(app.database.db)
  t.equal(live.feedback.length, 2)
  t.ok(live.sessions.some((s) => s.status === 'COMPLETED') && live.sessions.some((s) => s.current_round === 2))

  await rebuildReadModels(app.database.db)
  t.same(await readModels(app.database.db), live, 'a rebuild over the live rows changes nothing')

  await app.database.db.deleteFrom('sessions').execute() // cascades to participants and feedback
  const { sessions } = await rebuildReadModels(app.database.db)
  t.equal(sessions, live.sessions.length)
  t.same(await readModels(app.database.db), live, 'a rebuild from nothing gives the same rows')
  const next = await as(app, room.doctor).post('/sessions', { title: 'After the rebuild' })
  t.equal(next.status, 200, 'new sessions still get fresh ids')
})

t.test('the replay report lists every event with actor and phase, and stops at a version', async (t) => {
  const report = await replayReport(app.database.db, room.code.toLowerCase())
  const lines = report.split('\n')
  t.match(lines[0], new RegExp(`^Session ${room.code} \\(id \\d+\\): \\d+ events$`))
  t.match(lines[1], /^v1\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+Dora Doctor\s+SessionCreated\s+.*code=/)
  t.ok(lines.some((line) => /PhaseStarted\s+phase=READING .*-> READING$/.test(line)))
  t.ok(lines.some((line) => /Olly Observer\s+FeedbackSubmitted\s+.*overallPerformance=5 .*-> FEEDBACK$/.test(line)))

  const upTo = await replayReport(app.database.db, room.code, { to: 6 })
  t.equal(upTo.split('\n').filter((line) => /^v\d/.test(line)).length, 6)
  const state = JSON.parse(upTo.slice(upTo.indexOf('{')))
  t.same([state.version, state.phase, state.participants.length], [6, 'WAITING', 3])
  await t.rejects(replayReport(app.database.db, 'ZZZZ-ZZZZ'), /No session with code/)
  const events = lines.filter((line) => /^v\d/.test(line)).length
  await t.rejects(replayReport(app.database.db, room.code, { to: events + 1 }), { message: `version must be from 1 to ${events}: this session's log has ${events} events` }, 'past the end')
  t.match(await replayReport(app.database.db, room.code, { to: events }), `State after version ${events}:`, 'the last version')
})

t.test('npm run replay prints the log of a session in the configured database', { skip: databaseKind() !== 'pglite' && 'the CLI run uses an embedded database' }, async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-replay-'))
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'replay-test-secret-replay-test-secret-1' }
  const config = { ...app.config, dataDir, databaseUrl: null }
  const database = await openDatabase(config)
  const onDisk = await buildApp({ config, database, logger: false, clock: () => Date.now() + offset })
  const target: TestApp = { app: onDisk, database, config, close: async () => {} }
  await seedBank(database.db, { Cardiology: 2, Respiratory: 1 })
  const played = await playSomeSessions(target)
  await onDisk.close()
  await database.close()

  const run = promisify(execFile)
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/replay.ts', played.code, '--to', '3'], { env })
  t.match(stdout, /v3\s+\S+\s+Dora Doctor\s+SessionConfigured/)
  t.match(stdout, /State after version 3:/)
  const past = await run(process.execPath, ['--import', 'tsx', 'server/cli/replay.ts', played.code, '--to', '9999'], { env }).catch((error) => error)
  t.same([past.code, past.stdout], [1, ''], 'past the end: fails, printing no state')
  t.match(past.stderr, /^version must be from 1 to \d+: this session's log has \d+ events/)
  const failed = await run(process.execPath, ['--import', 'tsx', 'server/cli/replay.ts'], { env }).catch((error) => error)
  t.match(failed.stderr, /Usage: npm run replay -- CODE/)
})
