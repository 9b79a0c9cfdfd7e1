import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { collectPersonalData, erasePersonalData } from '../../server/accounts/personal-data.ts'
import { sessionLogExport } from '../../server/sessions/admin/session-export.ts'
import { as, readyRoom, seedBank } from '../sessions/helpers.ts'

/** The maintainers' sessions (issue 37): finding, bad input, who may look, the export, and every look on record. */

const app = await testApp()
t.teardown(() => app.close())
const db = app.database.db
await seedBank(db, { Cardiology: 2 })
const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ann Admin' })
const reviewer = await signedInUser(app, { role: 'REVIEWER', name: 'Rita Reviewer' })
const room = await readyRoom(app)
await as(app, room.doctor).post(`/sessions/${room.code}/start`)
const other = await readyRoom(app)
const today = new Date().toISOString().slice(0, 10)

const get = (url: string, headers: Record<string, string> = admin.auth) => call(app.app, { method: 'GET', url: `/api${url}`, headers })
const urls = (code: string) => [
  '/admin/sessions',
  `/admin/sessions/${code}/timeline`,
  `/admin/sessions/${code}/state?version=1`,
  `/admin/sessions/${code}/export`,
  `/admin/sessions/${code}/rounds/1/summary`,
]

t.test(`only admins: signed out 401, others 403 (${databaseKind()})`, async (t) => {
  for (const url of urls(room.code)) {
    t.equal((await get(url, {})).status, 401, `${url} signed out`)
    t.equal((await get(url, room.doctor.auth)).status, 403, `${url} as a participant`)
    t.equal((await get(url, reviewer.auth)).status, 403, `${url} as a reviewer of the bank`)
    t.equal((await get(url)).status, 200, `${url} as an admin`)
  }
})

t.test('find sessions by code, participant name or email, and days', async (t) => {
  const codes = async (query: string) => {
    const answer = await get(`/admin/sessions?${query}`)
    t.equal(answer.status, 200, query)
    return answer.json.sessions.map((s: { code: string }) => s.code).sort()
  }
  t.same(await codes(`code=${room.code.toLowerCase().replace('-', '')}`), [room.code], 'any case, with or without the dash')
  t.same(await codes(`participant=${encodeURIComponent(room.patient.email)}`), [room.code], 'by email')
  t.same(await codes('participant=pat%20pat'), [room.code, other.code].sort(), 'by a part of a name')
  t.same(await codes(`from=${today}&to=${today}`), [room.code, other.code].sort())
  t.same(await codes('to=2000-01-01'), [])
  const found = (await get(`/admin/sessions?code=${room.code}`)).json
  t.match(found, { currentPage: 0, totalItems: 1, totalPages: 1, pageSize: 20 })
  t.match(found.sessions[0], { title: 'Practice', phase: 'READING', status: 'IN_PROGRESS', rounds: 1, endedAt: null })
  t.ok(found.sessions[0].startedAt)
  t.match((await get(`/admin/sessions?code=${other.code}`)).json.sessions[0], { phase: 'WAITING', rounds: 0, startedAt: null }, 'never started: no round played')
  t.same(
    found.sessions[0].participants.map((p: { name: string; email: string; role: string }) => [p.name, p.email, p.role]),
    [['Dora Doctor', room.doctor.email, 'DOCTOR'], ['Pat Patient', room.patient.email, 'PATIENT'], ['Olly Observer', room.observer.email, 'OBSERVER']],
  )
})

t.test('bad input gets a clear message', async (t) => {
  const reversed = await get('/admin/sessions?from=2026-03-02&to=2026-03-01')
  t.equal(reversed.status, 400)
  t.match(reversed.json.error, /to must not be before from/)
  t.match((await get('/admin/sessions?from=March')).json.error, /from must be a date written yyyy-mm-dd/)
  for (const day of ['2026-02-31', '2026-13-01', '2025-02-29', '2026-04-31']) {
    const answer = await get(`/admin/sessions?to=${day}`)
    t.same([answer.status, answer.json.error], [400, 'to must be a date written yyyy-mm-dd'], `${day} is no day`)
  }
  t.equal((await get('/admin/sessions?from=2024-02-29&to=2026-12-31')).status, 200, 'a leap day is one')
  t.equal((await get('/admin/sessions/ZZZZ-ZZZZ/timeline')).status, 404)
  t.equal((await get('/admin/sessions/ZZZZ-ZZZZ/state?version=1')).status, 404)
  t.equal((await get('/admin/sessions/ZZZZ-ZZZZ/export')).status, 404)
  const events = (await get(`/admin/sessions/${room.code}/timeline`)).json.entries.length
  const past = await get(`/admin/sessions/${room.code}/state?version=${events + 1}`)
  t.same([past.status, past.json.error], [400, `version must be from 1 to ${events}: this session's log has ${events} events`])
  for (const bad of ['0', '-1', 'two']) t.match((await get(`/admin/sessions/${room.code}/state?version=${bad}`)).json.error, /version must be a whole number from 1/, bad)
  t.match((await get(`/admin/sessions/${room.code}/state`)).json.error, /version/)
})

t.test('the export downloads the whole log, as `npm run replay -- CODE --json` prints it', async (t) => {
  const answer = await call(app.app, { method: 'GET', url: `/api/admin/sessions/${room.code}/export`, headers: admin.auth })
  t.equal(answer.status, 200)
  t.match(answer.headers['content-disposition'], `attachment; filename="session-${room.code}.json"`)
  const sessionId = (await db.selectFrom('sessions').select('id').where('code', '=', room.code).executeTakeFirstOrThrow()).id
  t.same(answer.json, JSON.parse(JSON.stringify(await sessionLogExport(db, sessionId))))
  t.equal(answer.json.events.length, (await get(`/admin/sessions/${room.code}/timeline`)).json.entries.length)
  t.match(answer.json.events[0], { version: 1, type: 'SessionCreated', actor: { id: room.doctor.id, name: 'Dora Doctor' }, phaseAfter: 'WAITING', msFromStart: 0 })
  t.same(answer.json.events.map((e: { sentence: string }) => e.sentence), (await get(`/admin/sessions/${room.code}/timeline`)).json.entries.map((e: { sentence: string }) => e.sentence), "each event's sentence, as the timeline says it")
  const assigned = answer.json.events.find((e: { type: string }) => e.type === 'CaseAssigned')
  const title = (await db.selectFrom('cases').select('title').where('id', '=', assigned.payload.caseId).executeTakeFirstOrThrow()).title
  t.same(answer.json.casesPlayed, [{ round: 1, caseId: assigned.payload.caseId, version: 1, title }], 'the case version played, with its title')
})

t.test('every look-up is on record with who looked, also of an unknown code, without whom a search looked for; the admin\'s own data holds theirs, and deleting them keeps the record', async (t) => {
  const looker = await signedInUser(app, { role: 'ADMIN', name: 'Lou Looker' })
  for (const url of urls(room.code)) t.equal((await get(url, looker.auth)).status, 200)
  const search = `/admin/sessions?participant=${encodeURIComponent(room.patient.email)}&from=${today}&code=${room.code}`
  t.same((await get(search, looker.auth)).json.sessions.map((s: { code: string }) => s.code), [room.code])
  for (const url of urls('ZZZZ-ZZZZ').slice(1)) t.equal((await get(url, looker.auth)).status, 404, url)
  t.equal((await get('/admin/sessions/nothing-like-a-code/timeline', looker.auth)).status, 404)
  const rows = await db.selectFrom('admin_session_lookups').select(['session_id', 'looked_at']).where('admin_id', '=', looker.id).orderBy('id').execute()
  const sessionId = (await db.selectFrom('sessions').select('id').where('code', '=', room.code).executeTakeFirstOrThrow()).id
  const searched = `search code=${room.code} participant=(${room.patient.email.length} characters) from=${today} page 0`
  t.same(
    rows.map((row) => [row.session_id === null ? null : Number(row.session_id), row.looked_at]),
    [
      [null, 'search (all) page 0'],
      [sessionId, 'timeline'],
      [sessionId, 'state at version 1'],
      [sessionId, 'export'],
      [sessionId, 'round 1 summary'],
      [null, searched],
      [null, 'timeline of unknown code ZZZZ-ZZZZ'],
      [null, 'state at version 1 of unknown code ZZZZ-ZZZZ'],
      [null, 'export of unknown code ZZZZ-ZZZZ'],
      [null, 'round 1 summary of unknown code ZZZZ-ZZZZ'],
      [null, 'timeline of unknown code (19 characters, not a code)'],
    ],
    'an unknown code is on record with no session',
  )
  const data = await collectPersonalData(db, looker.id, new Date())
  t.same((data.sessionLookups as Array<{ sessionCode: string | null; lookedAt: string }>).map((l) => [l.sessionCode, l.lookedAt]), rows.map((row) => [row.session_id === null ? null : room.code, row.looked_at]))
  t.notOk(JSON.stringify(data).includes(room.patient.email), "the searched person's email is not in the admin's data")
  await erasePersonalData(db, looker.id)
  const kept = await db.selectFrom('admin_session_lookups').select('admin_id').where('looked_at', '=', searched).execute()
  t.same(kept.map((row) => row.admin_id), [null], 'kept, naming nobody')
})
