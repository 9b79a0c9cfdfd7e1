import { sql } from 'kysely'
import t from 'tap'
import type { Db } from '../../server/db/connect.ts'
import { sessionRowWrites } from '../../server/sessions/store/projection.ts'
import { rebuildReadModels } from '../../server/sessions/store/rebuild.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { HOST, inReading } from '../session-domain/fixtures.ts'
import { as, scores, seedBank, threeUsers } from './helpers.ts'

// A command writes only the participant rows its events change (issue 15): a skip in a room of three used to
// upsert all three rows, each a new row version and WAL for nothing. A row's version (xmin) changes exactly when
// the row is written, so comparing versions before and after a command names the rows it wrote.

const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 3 })
const { db } = app.database

/** The row version of the session row and of each participant row (by user id). */
async function rowVersions(db: Db, code: string) {
  const versioned = sql<string>`xmin::text`.as('xmin')
  const session = await db.selectFrom('sessions').select(['id', versioned]).where('code', '=', code).executeTakeFirstOrThrow()
  const participants = await db.selectFrom('session_participants').select(['user_id', versioned]).where('session_id', '=', session.id).execute()
  return { session: session.xmin, participants: new Map(participants.map((row) => [row.user_id, row.xmin])) }
}

async function readModels(db: Db) {
  return {
    sessions: await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    participants: await db.selectFrom('session_participants').selectAll().orderBy('session_id').orderBy('user_id').execute(),
  }
}

t.test(`a command rewrites only the participant rows it changes (${databaseKind()})`, async (t) => {
  const users = await threeUsers(app)
  const [doctor, patient, observer] = [as(app, users.doctor), as(app, users.patient), as(app, users.observer)]
  const name = new Map([[users.doctor.id, 'doctor'], [users.patient.id, 'patient'], [users.observer.id, 'observer']])
  const code: string = (await doctor.post('/sessions', { title: 'Rows', selectedTopics: ['Cardiology'] })).json.sessionCode
  await doctor.post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN', selectedTopics: ['Cardiology'] })
  await patient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })

  /** Runs one command and answers whose participant rows it wrote (new rows included), by name. */
  async function rowsWrittenBy(command: () => Promise<{ status: number }>) {
    const before = await rowVersions(db, code)
    t.equal((await command()).status, 200)
    const after = await rowVersions(db, code)
    t.not(after.session, before.session, 'the session row is written by every command (its version moves)')
    return [...after.participants].filter(([userId, xmin]) => before.participants.get(userId) !== xmin).map(([userId]) => name.get(userId))
  }

  t.same(await rowsWrittenBy(() => observer.post(`/sessions/${code}/join-with-role`, { role: 'observer' })), ['observer'], 'a join writes the joiner only')
  t.same(await rowsWrittenBy(() => doctor.post(`/sessions/${code}/start`)), [], 'a start (everyone still to give feedback) writes none')
  t.same(await rowsWrittenBy(() => doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })), [], 'a skip writes none')
  t.same(await rowsWrittenBy(() => observer.post(`/sessions/${code}/leave`)), ['observer'], 'a leave writes the leaver only')
  t.same(await rowsWrittenBy(() => doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })), [], 'a skip writes none')
  const roleChange = () => patient.post('/feedback/submit', { sessionCode: code, comment: 'Swap', criteriaScores: scores(), requestNewCase: true, requestRoleChange: true })
  t.same((await rowsWrittenBy(roleChange)).sort(), ['doctor', 'patient'].sort(), 'a role change writes the two swapped seats, not the absent observer')
  t.same(await rowsWrittenBy(() => observer.post(`/sessions/${code}/join-with-role`, { role: 'observer' })), ['observer'], 'coming back writes the returner only')

  const roles = await db.selectFrom('session_participants').select(['user_id', 'role', 'active']).orderBy('user_id').execute()
  t.same(
    roles.map((row) => [name.get(row.user_id), row.role, row.active]),
    [
      ['doctor', 'PATIENT', true],
      ['patient', 'DOCTOR', true],
      ['observer', 'OBSERVER', true],
    ],
  )
  const live = await readModels(db)
  await rebuildReadModels(db)
  t.same(await readModels(db), live, 'the rows written command by command equal a rebuild from the log')
})

t.test('a skip writes the session row alone, sending each of its values once', async (t) => {
  const before = inReading().state
  const skipped = inReading().run({ type: 'SkipPhase' }, HOST)
  const [sessionRow, ...others] = sessionRowWrites(before, skipped.state, [])
  t.equal(others.length, 0, 'no participant row changed, none written')
  const { sql: text, parameters } = sessionRow.compile(db)
  t.notMatch(text, /do update set[^]*\$\d/i, 'the update takes the inserted values (excluded), no parameter of its own')
  t.equal(parameters.length, text.slice(0, text.indexOf(' values ')).split(',').length, 'one parameter per column')
})
