import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { signedInUser, testApp } from '../helpers/app.ts'
import { as, seedBank } from './helpers.ts'

// A double click on Create (or Join) sends two requests at once; each one's "leave my other sessions" step used
// to leave the other's new session, ending both (issue 13).

const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 2 })

t.test(`concurrent creates by one user leave exactly one running session (${databaseKind()})`, async (t) => {
  for (const clicks of [2, 5, 10]) {
    const user = await signedInUser(app)
    const created = await Promise.all(Array.from({ length: clicks }, (_, n) => as(app, user).post('/sessions', { title: `Click ${n}`, selectedTopics: ['Cardiology'] })))
    t.same(new Set(created.map((r) => r.status)), new Set([200]), `${clicks} creates answered`)
    const running = (await as(app, user).get('/sessions/user/active')).json
    t.equal(running.length, 1, `one of ${clicks} sessions still runs`)
    t.ok(created.some((r) => r.json.sessionCode === running[0]?.code), 'one of the sessions just created')
  }
})

t.test('concurrent joins of two sessions by one user leave them in exactly one', async (t) => {
  const [hostA, hostB, joiner] = await Promise.all([signedInUser(app), signedInUser(app), signedInUser(app)])
  const codes: string[] = []
  for (const host of [hostA, hostB]) codes.push((await as(app, host).post('/sessions', { title: 'Room', selectedTopics: ['Cardiology'] })).json.sessionCode)
  const joined = await Promise.all(codes.map((code) => as(app, joiner).post(`/sessions/${code}/join-with-role`, { role: 'patient' })))
  t.same(joined.map((r) => r.status), [200, 200])
  t.equal((await as(app, joiner).get('/sessions/user/active')).json.length, 1)
})

t.test('one create after another still leaves the earlier session', async (t) => {
  const user = await signedInUser(app)
  const first = (await as(app, user).post('/sessions', { title: 'First', selectedTopics: ['Cardiology'] })).json
  const second = (await as(app, user).post('/sessions', { title: 'Second', selectedTopics: ['Cardiology'] })).json
  t.equal(second.leftFromSessions, 1)
  t.same((await as(app, user).get('/sessions/user/active')).json.map((s: { code: string }) => s.code), [second.sessionCode])
  t.not(first.sessionCode, second.sessionCode)
})
