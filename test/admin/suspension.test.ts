import t from 'tap'
import type { AddressInfo } from 'node:net'
import { api, boardApp, HOUR, listedSession, user } from '../board/helpers.ts'
import { call, signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { resetLinkIn, type ReceivedMail } from '../helpers/smtp.ts'
import { stompClient, type LiveAddress } from '../live/live-harness.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * An admin suspends an account (issue 36), seen from outside: sign-in and every token refused with the
 * suspension's words, its live connection closed, its planned listing cancelled with mail to the seat holder, the
 * session it hosts ended, the one it is a guest in going on without it, its pending proposals withdrawn.
 */

type Message = { type: string; [field: string]: any }
const DAY = 24 * HOUR
const kind = databaseKind()

const b = await boardApp()
t.teardown(() => b.close())
const { app, clock, smtp } = b
await app.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.app.server.address() as AddressInfo
const address: LiveAddress = { sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }
const admin = await signedInUser(app, { role: 'ADMIN', name: 'Ada Admin' })

const plain = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
async function waitForMail(to: string, subject: RegExp) {
  for (let n = 0; n < 50; n += 1) {
    const found = smtp.received.find((mail) => mail.to.includes(to) && subject.test(plain(mail)))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail "${subject}" to ${to}`)
}

const login = (who: User, password = who.password) => call(app.app, { method: 'POST', url: '/api/auth/login', body: { email: who.email, password } })
const suspend = (id: number, body: object, by: User = admin) => api(app, by).post(`/admin/users/${id}/suspension`, body)

/** A live client of `who` in a session's room: the next message of a type, presence updates aside. */
async function inRoom(t: { teardown(fn: () => unknown): void }, who: User, code: string) {
  const client = stompClient(address, 'websocket', who.token)
  t.teardown(() => client.client.deactivate())
  await client.connected.next(5000)
  const inbox = client.subscribe(code)
  await inbox.ready
  const next = async (type: string): Promise<Message> => {
    for (;;) {
      const message = (await inbox.next(5000)).body as Message
      if (message.type === type) return message
    }
  }
  return { next, errors: client.errors, closes: client.closes }
}

/**
 * A room of three that `doctor` hosts, started unless `waiting`. A waiting room is made with keepOtherSessions, so
 * a host sitting in another room stays there (starting it would leave that one: one room at a time).
 */
async function room(doctor: User, patient: User, observer: User, { waiting = false } = {}) {
  const created = await api(app, doctor).post('/sessions', { title: 'Practice', keepOtherSessions: true })
  const code: string = created.json.sessionCode
  await api(app, doctor).post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: ['Cardiology'], readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' })
  for (const [who, role] of [[patient, 'patient'], [observer, 'observer']] as const) {
    const joined = await api(app, who).post(`/sessions/${code}/join-with-role`, { role })
    if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.json)}`)
  }
  if (waiting) return code
  const started = await api(app, doctor).post(`/sessions/${code}/start`)
  if (started.status !== 200) throw new Error(`start failed: ${JSON.stringify(started.json)}`)
  return code
}

t.test(`an admin suspends a user for 7 days: everything of theirs ends and they are told why (${kind})`, async (t) => {
  const sam = await user(app, 'Suspended Sam')
  const seatHolder = await user(app, 'Seat Holder')
  const [p1, o1, d2, o2] = [await user(app, 'Pia'), await user(app, 'Oli'), await user(app, 'Dev'), await user(app, 'Ola')]

  // A planned slot Sam hosts, with a seat taken; a started room where Sam is a guest; a full room Sam hosts.
  const planned = await listedSession(app, sam, { startsAt: new Date(clock.now() + 3 * HOUR).toISOString() })
  await api(app, seatHolder).post(`/board/listings/${planned.listing.id}/seats`, { role: 'OBSERVER' })
  await waitForMail(seatHolder.email, /Practice booked/)
  const guestRoom = await room(d2, sam, o2)
  const hostedRoom = await room(sam, p1, o1, { waiting: true })
  const { db } = app.database
  const proposal = await db.insertInto('time_proposals').values({ from_user_id: seatHolder.id, to_user_id: sam.id, starts_at: new Date(clock.now() + DAY) }).returning('id').executeTakeFirstOrThrow()

  const samLive = await inRoom(t, sam, hostedRoom)
  const hostedListener = await inRoom(t, p1, hostedRoom)
  const guestListener = await inRoom(t, d2, guestRoom)

  const until = new Date(clock.now() + 7 * DAY)
  const suspended = await suspend(sam.id, { until: until.toISOString().replace('Z', '+00:00'), reason: '  Abusive messages in the room  ' })
  t.equal(suspended.status, 200, JSON.stringify(suspended.json))
  t.match(suspended.json.user, { id: sam.id, suspended: true, suspendedUntil: until.toISOString(), suspensionReason: 'Abusive messages in the room' })

  const refused = await login(sam)
  t.equal(refused.status, 403, 'sign-in is refused')
  const words = refused.json.error as string
  t.match(words, /^Your account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Reason: Abusive messages in the room\. /)
  t.notOk('token' in refused.json, 'and no token given')
  t.same((await api(app, sam).get('/auth/me')).json, { error: words, accountSuspended: true }, 'their old token gets the same words')
  t.equal((await api(app, sam).get('/board')).status, 403, 'on every route')

  t.equal((await samLive.errors.next(5000)).headers.message, words, 'their live connection is told why')
  t.ok(await samLive.closes.next(5000), 'and closed')

  t.match(await hostedListener.next('SESSION_ENDED'), { sessionCode: hostedRoom, reason: 'Session has been ended by the host.' })
  t.match(await guestListener.next('USER_LEFT'), { userId: sam.id, userRole: 'patient', reason: 'LEFT' }, 'the room hears a plain leave')
  const guestSeen = (await api(app, d2).get(`/sessions/${guestRoom}`)).json
  t.match(guestSeen, { status: 'IN_PROGRESS' }, 'the room Sam was a guest in goes on')
  t.notOk(guestSeen.participants.some((p: { userId: number }) => p.userId === sam.id), 'without Sam')

  const cancelled = await waitForMail(seatHolder.email, /Cancelled: /)
  t.match(plain(cancelled), /Suspended Sam cancelled/, 'the seat holder is mailed as for any cancellation')
  const listing = await db.selectFrom('board_listings').select('status').where('id', '=', planned.listing.id).executeTakeFirstOrThrow()
  t.equal(listing.status, 'CANCELLED')
  t.equal((await api(app, seatHolder).get(`/sessions/${planned.code}`)).json.status, 'COMPLETED', "the slot's session ended")
  const withdrawn = await db.selectFrom('time_proposals').select('status').where('id', '=', proposal.id).executeTakeFirstOrThrow()
  t.equal(withdrawn.status, 'WITHDRAWN', 'a pending proposal to them is withdrawn')

  const listed = (await api(app, admin).get(`/admin/users?search=${encodeURIComponent('Suspended Sam')}`)).json.users[0]
  t.match(listed, { suspended: true, suspendedUntil: until.toISOString(), suspensionReason: 'Abusive messages in the room' })
  t.equal((await api(app, admin).get('/admin/users/stats')).json.suspendedCount, 1)
  t.notOk('suspended' in (await api(app, seatHolder).get('/auth/me')).json.user, "a user's own view keeps its shape")

  // The suspension runs out on the app's clock: nobody needs to lift it.
  await clock.advance(7 * DAY - 60_000)
  t.equal((await login(sam)).status, 403, 'a minute before the end, still refused')
  await clock.advance(2 * 60_000)
  const back = await login(sam)
  t.equal(back.status, 200, 'after it, sign-in works')
  t.equal((await call(app.app, { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${back.json.token}` } })).status, 200)
  t.match((await api(app, admin).get(`/admin/users?search=${encodeURIComponent('Suspended Sam')}`)).json.users[0], { suspended: false, suspendedUntil: null })
  t.equal((await api(app, admin).get('/admin/users/stats')).json.suspendedCount, 0)
})

t.test(`suspended for good: a password reset works but sign-in stays refused until an admin lifts it (${kind})`, async (t) => {
  const gil = await user(app, 'Gil')
  const suspended = await suspend(gil.id, { until: null, reason: 'Repeated no-shows' })
  t.match(suspended.json, { user: { suspended: true, suspendedUntil: null }, message: 'Gil is suspended for good' })
  t.match((await login(gil)).json.error, /^Your account is suspended permanently\. Reason: Repeated no-shows\. /)

  await call(app.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email: gil.email } })
  const link = resetLinkIn(await waitForMail(gil.email, /Reset your PLAB Practice password/))
  const reset = await call(app.app, { method: 'POST', url: '/api/auth/reset-password', body: { token: link.searchParams.get('token'), newPassword: 'a-new-password' } })
  t.equal(reset.status, 200, 'the reset itself works')
  t.equal((await login(gil, 'a-new-password')).status, 403, 'but gives no way in')
  await clock.advance(400 * DAY)
  t.equal((await login(gil, 'a-new-password')).status, 403, 'for good means for good')

  const lifted = await api(app, admin).delete(`/admin/users/${gil.id}/suspension`)
  t.match(lifted, { status: 200, json: { user: { suspended: false, suspendedUntil: null, suspensionReason: null }, message: 'Gil may sign in again' } })
  t.equal((await login(gil, 'a-new-password')).status, 200, 'lifted: sign-in works')
  const again = await api(app, admin).delete(`/admin/users/${gil.id}/suspension`)
  t.same([again.status, again.json.error], [409, 'This account is not suspended'])
})

t.test(`who may suspend whom, and the limits of the request (${kind})`, async (t) => {
  const target = await user(app, 'Target')
  const other = await user(app, 'Other')
  const otherAdmin = await signedInUser(app, { role: 'ADMIN' })
  const week = new Date(clock.now() + 7 * DAY).toISOString()
  const refusal = async (response: Promise<{ status: number; json: any }>) => {
    const { status, json } = await response
    return [status, json.error, json.validationErrors]
  }

  const anonymous = await call(app.app, { method: 'POST', url: `/api/admin/users/${target.id}/suspension`, body: { until: week, reason: 'x' } })
  t.equal(anonymous.status, 401, 'nobody signed out may')
  t.same((await suspend(target.id, { until: week, reason: 'x' }, other)).status, 403, 'a non-admin may not')
  t.same((await api(app, other).delete(`/admin/users/${target.id}/suspension`)).status, 403)
  t.same(await refusal(suspend(admin.id, { until: week, reason: 'x' })), [400, 'You cannot suspend your own account', undefined])
  t.same(await refusal(suspend(otherAdmin.id, { until: week, reason: 'x' })), [400, 'Remove the admin role first', undefined])
  t.same(await refusal(suspend(999_999, { until: week, reason: 'x' })), [404, 'User not found', undefined])
  t.same(await refusal(api(app, admin).delete('/admin/users/999999/suspension')), [404, 'User not found', undefined])
  const past = new Date(clock.now() - 60_000).toISOString()
  t.same(await refusal(suspend(target.id, { until: past, reason: 'x' })), [400, 'until must be a time to come', { until: 'until must be a time to come' }])
  t.match(await refusal(suspend(target.id, { until: '2030-01-01T10:00', reason: 'x' })), [400, String, { until: 'until must be a date and time with a time zone' }])
  t.match(await refusal(suspend(target.id, { reason: 'x' })), [400, String, { until: /^until must be/ }], 'until is required (null for good)')
  t.match(await refusal(suspend(target.id, { until: week, reason: '   ' })), [400, String, { reason: 'Reason is required' }])
  t.match(await refusal(suspend(target.id, { until: week, reason: 'r'.repeat(501) })), [400, String, { reason: 'Reason must be at most 500 characters' }])
  t.equal((await suspend(target.id, { until: week, reason: 'r'.repeat(500) })).status, 200, '500 characters are fine')
  t.equal((await login(target)).status, 403)
  t.equal((await login(other)).status, 200, 'nobody else is touched')
})
