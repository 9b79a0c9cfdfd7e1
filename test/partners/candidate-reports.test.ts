import t from 'tap'
import { CANDIDATE_REPORT_LIMIT, CANDIDATE_REPORTS_PER_DAY, DETAILS_NEEDED, NO_SUCH_CANDIDATE, NOTE_NEEDED } from '../../schemas/partners/safety.ts'
import { REPORT_SENT } from '../../server/partners/candidate-report-routes.ts'
import { databaseKind } from '../helpers/db.ts'
import { signedInUser } from '../helpers/app.ts'
import { api, boardApp, HOUR, user } from '../board/helpers.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * Reports about a candidate (issue 36), from outside: only about someone one met (a session shared, or a time
 * proposed), anyone else answered as unknown; at most a day's worth; admins read them with the session and close them.
 */

const kind = databaseKind()
const b = await boardApp()
t.teardown(() => b.close())
const { db } = b.app.database

/** A session of `host`'s that `guest` joined as the patient: its code. */
async function sharedSession(host: User, guest: User) {
  const created = await api(b.app, host).post('/sessions', { title: 'Evening practice' })
  const code: string = created.json.sessionCode
  const joined = await api(b.app, guest).post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.json)}`)
  return code
}

const [ann, ben, cat, dan] = [await user(b.app, 'Ann Reporter'), await user(b.app, 'Ben Reported'), await user(b.app, 'Cat Stranger'), await user(b.app, 'Dan Proposer')]
const admin = await signedInUser(b.app, { role: 'ADMIN', name: 'Ada Admin' })
const code = await sharedSession(ann, ben)
await db.insertInto('time_proposals').values({ from_user_id: dan.id, to_user_id: ann.id, starts_at: new Date(b.clock.now() + 24 * HOUR), status: 'DECLINED' }).execute()

t.test(`a report about someone met is taken; about anyone else it is answered as unknown (${kind})`, async (t) => {
  const report = (body: object) => api(b.app, ann).post('/candidate-reports', body)
  const sent = await report({ userId: ben.id, sessionCode: code.toLowerCase(), reason: 'HARASSMENT', details: '  Insulted me in the chat.  ' })
  t.same([sent.status, sent.json], [200, { message: REPORT_SENT }])
  t.equal((await report({ userId: dan.id, reason: 'NO_SHOW' })).status, 200, 'someone who proposed a time, without a session')

  const unknown = await report({ userId: 999999, reason: 'HARASSMENT' })
  t.same([unknown.status, unknown.json], [404, { error: NO_SUCH_CANDIDATE }])
  for (const [why, body] of [
    ['a stranger, naming my session', { userId: cat.id, sessionCode: code, reason: 'HARASSMENT' }],
    ['a stranger, with no session', { userId: cat.id, reason: 'HARASSMENT' }],
    ['a proposer, naming a session they were not in', { userId: dan.id, sessionCode: code, reason: 'NO_SHOW' }],
    ['someone from a session, without it and with no proposal', { userId: ben.id, reason: 'DISRUPTIVE' }],
    ['no such code', { userId: ben.id, sessionCode: 'ZZZZ-ZZZZ', reason: 'DISRUPTIVE' }],
    ['not a code at all', { userId: ben.id, sessionCode: '!!', reason: 'DISRUPTIVE' }],
    ['myself', { userId: ann.id, sessionCode: code, reason: 'OTHER', details: 'me' }],
  ] as const) {
    const refused = await report(body)
    t.same([refused.status, refused.json], [unknown.status, unknown.json], why)
  }
  t.equal((await api(b.app, cat).post('/candidate-reports', { userId: ben.id, sessionCode: code, reason: 'HARASSMENT' })).status, 404, 'nor about people in a session I was not in')

  // Someone who has left the session is still someone I shared it with, both ways.
  t.equal((await api(b.app, ben).post(`/sessions/${code}/leave`)).status, 200)
  t.equal((await api(b.app, ben).post('/candidate-reports', { userId: ann.id, sessionCode: code, reason: 'DISRUPTIVE' })).status, 200)

  const other = await report({ userId: ben.id, sessionCode: code, reason: 'OTHER', details: '   ' })
  t.same([other.status, other.json.validationErrors], [400, { details: DETAILS_NEEDED }], 'something else needs words')
  const long = await report({ userId: ben.id, sessionCode: code, reason: 'HARASSMENT', details: 'x'.repeat(1001) })
  t.same(long.json.validationErrors, { details: 'The details must be at most 1000 characters' })
  t.same((await report({ userId: ben.id, reason: 'RUDE' })).json.validationErrors, { reason: 'Please choose what happened' })
  t.equal((await b.app.app.inject({ method: 'POST', url: '/api/candidate-reports', payload: { userId: ben.id, reason: 'OTHER' } })).statusCode, 401)

  // The form offers the sessions the two shared; for anyone else there are none, as for an unknown id.
  const shared = (await api(b.app, ann).get(`/candidate-reports/sessions/${ben.id}`)).json
  t.match(shared, { sessions: [{ code, title: 'Evening practice' }] })
  t.same(Object.keys(shared.sessions[0]).sort(), ['code', 'createdAt', 'title'])
  for (const other of [cat.id, dan.id, ann.id, 999999]) t.same((await api(b.app, ann).get(`/candidate-reports/sessions/${other}`)).json, { sessions: [] })

  const stored = await db.selectFrom('candidate_reports').select(['details']).where('reporter_id', '=', ann.id).where('reason', '=', 'HARASSMENT').executeTakeFirstOrThrow()
  t.equal(stored.details, 'Insulted me in the chat.', 'details are kept trimmed')
})

t.test(`at most ${CANDIDATE_REPORTS_PER_DAY} reports a day, counted from the first (${kind})`, async (t) => {
  const [eve, fay] = [await user(b.app, 'Eve Many'), await user(b.app, 'Fay Met')]
  const met = await sharedSession(eve, fay)
  const send = () => api(b.app, eve).post('/candidate-reports', { userId: fay.id, sessionCode: met, reason: 'DISRUPTIVE' })
  const first = b.clock.now()
  const statuses = []
  for (let n = 0; n < CANDIDATE_REPORTS_PER_DAY; n += 1) {
    statuses.push((await send()).status)
    await b.clock.advance(HOUR)
  }
  t.same(statuses, Array(CANDIDATE_REPORTS_PER_DAY).fill(200))
  const over = await send()
  t.same([over.status, over.json.error], [429, CANDIDATE_REPORT_LIMIT])
  t.equal(Number(over.headers['retry-after']), (first + 24 * HOUR - b.clock.now()) / 1000, 'told when the first of the day turns a day old')
  await b.clock.advance(first + 24 * HOUR + 1 - b.clock.now())
  t.equal((await send()).status, 200, 'one more once the first is a day old')
  t.equal((await send()).status, 429)
})

t.test(`admins read the reports, open and oldest first, with the session's event log, and close them (${kind})`, async (t) => {
  const [gus, hal] = [await user(b.app, 'Gus Early'), await user(b.app, 'Hal Late')]
  const met = await sharedSession(gus, hal)
  await api(b.app, hal).post('/candidate-reports', { userId: gus.id, sessionCode: met, reason: 'INAPPROPRIATE', details: 'Said things' })

  t.equal((await api(b.app, ann).get('/admin/candidate-reports')).status, 403, 'not for candidates')
  const list = (await api(b.app, admin).get('/admin/candidate-reports')).json
  const open = list.reports.filter((report: { status: string }) => report.status === 'OPEN')
  t.equal(list.openCount, open.length)
  t.same(open.map((report: { createdAt: string }) => report.createdAt), open.map((report: { createdAt: string }) => report.createdAt).sort(), 'oldest first')
  const annAboutBen = list.reports.find((report: { reporter: { id: number }; reason: string }) => report.reporter.id === ann.id && report.reason === 'HARASSMENT')
  const sessionRow = await db.selectFrom('sessions').select('id').where('code', '=', code).executeTakeFirstOrThrow()
  t.match(annAboutBen, {
    status: 'OPEN',
    reporter: { id: ann.id, name: 'Ann Reporter' },
    reported: { id: ben.id, name: 'Ben Reported', email: ben.email },
    session: { id: Number(sessionRow.id), code },
    details: 'Insulted me in the chat.',
    adminNote: '',
    closedByName: null,
  })
  t.notOk(JSON.stringify(annAboutBen).includes(ann.email), 'the reporter’s email is not needed, and not given')
  const withoutSession = list.reports.find((report: { reported: { id: number } }) => report.reported.id === dan.id)
  t.same(withoutSession.session, null)

  const log = await api(b.app, admin).get(`/admin/sessions/${annAboutBen.session.code}/timeline`)
  t.equal(log.status, 200)
  const events = log.json.entries.map((event: { type: string; actor: { id: number } | null }) => [event.type, event.actor?.id ?? null])
  t.same(events.slice(0, 3), [['SessionCreated', ann.id], ['ParticipantJoined', ann.id], ['ParticipantJoined', ben.id]], 'the session’s timeline, which the report opens')
  t.ok(events.some(([type, actor]: [string, number]) => type === 'ParticipantLeft' && actor === ben.id), 'with Ben leaving')

  const close = (id: number, body: object, as: User = admin) => api(b.app, as).post(`/admin/candidate-reports/${id}/close`, body)
  t.equal((await close(annAboutBen.id, { note: 'x' }, ann)).status, 403)
  t.same((await close(annAboutBen.id, { note: '  ' })).json.validationErrors, { note: NOTE_NEEDED })
  t.same((await close(999999, { note: 'Looked' })).json, { error: 'There is no such report' })
  const closed = await close(annAboutBen.id, { note: 'Warned Ben by email' })
  t.equal(closed.status, 200)
  t.match(closed.json.report, { status: 'CLOSED', adminNote: 'Warned Ben by email', closedByName: 'Ada Admin' })
  const again = await close(annAboutBen.id, { note: 'Twice' })
  t.same([again.status, again.json.error], [409, 'This report was already closed by Ada Admin'])
  const after = (await api(b.app, admin).get('/admin/candidate-reports')).json
  t.equal(after.openCount, list.openCount - 1)
  const firstClosed = after.reports.findIndex((report: { status: string }) => report.status === 'CLOSED')
  t.ok(after.reports.slice(firstClosed).every((report: { status: string }) => report.status === 'CLOSED'), 'closed ones after every open one')
})

t.test(`the reporter's export holds their reports; the reported person's does not; deletion takes them (${kind})`, async (t) => {
  const mine = (await api(b.app, ann).get('/auth/my-data')).json.candidateReports
  t.match(mine, [{ reportedName: 'Ben Reported', sessionCode: code, reason: 'HARASSMENT', details: 'Insulted me in the chat.' }, { reportedName: 'Dan Proposer', sessionCode: null, reason: 'NO_SHOW' }])
  t.notOk(JSON.stringify(mine).includes('Warned Ben'), 'not the admin’s note')
  const bens = (await api(b.app, ben).get('/auth/my-data')).json
  t.same(bens.candidateReports.map((report: { reportedName: string }) => report.reportedName), ['Ann Reporter'], 'only the one Ben sent')
  t.notOk(JSON.stringify(bens).includes('Insulted me'), 'nothing of the reports about him')

  t.equal((await api(b.app, dan).post('/auth/delete-account', { currentPassword: dan.password })).status, 200)
  const left = await db.selectFrom('candidate_reports').select('id').where((eb) => eb.or([eb('reporter_id', '=', dan.id), eb('reported_id', '=', dan.id)])).execute()
  t.same(left, [], 'reports naming a deleted account go with it')
})
