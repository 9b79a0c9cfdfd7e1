import t from 'tap'
import type { AddressInfo } from 'node:net'
import { reliabilityWords } from '../../schemas/partners/reliability.ts'
import { wallTimeIn } from '../../schemas/time-zones.ts'
import { api, boardApp, HOUR, user } from '../board/helpers.ts'
import { databaseKind } from '../helpers/db.ts'
import { stompClient } from '../live/live-harness.ts'
import { invitationIn, mailReader, plain, startOf } from '../board/slot-mail.ts'

/**
 * Issue 36's "done when", in one run from outside: two candidates five hours apart (London in winter, Karachi) find
 * each other from their weekly free hours, agree a time, both get the invitation and both reminders (real SMTP
 * receiver, manual clock), and ten minutes after the start the one who came has kept it and the other has not.
 */

const MINUTE = 60_000
const b = await boardApp({ clockStart: Date.parse('2026-11-30T09:00:00Z') })
t.teardown(() => b.close())
const { app, clock, smtp } = b
await app.app.listen({ port: 0, host: '127.0.0.1' })
const { port } = app.app.server.address() as AddressInfo
const { mailsTo, waitForMail } = mailReader(smtp)
const everyDay = (start: string, end: string) => ({ hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end })) })

t.test(`London and Karachi find each other, agree a time, are reminded twice, and attendance is kept (${databaseKind()})`, async (t) => {
  const lena = await user(app, 'Lena London', { timeZone: 'Europe/London', examMonth: '2027-02' })
  const kamran = await user(app, 'Kamran Karachi', { timeZone: 'Asia/Karachi', examMonth: '2027-03' })
  // 18:00-22:00 in London is 23:00-03:00 in Karachi; Kamran is free 21:00-24:00 his time: they share 18:00-19:00 UTC.
  t.equal((await api(app, lena).put('/profile/hours', everyDay('18:00', '22:00'))).status, 200)
  t.equal((await api(app, kamran).put('/profile/hours', everyDay('21:00', '24:00'))).status, 200)

  const matches = await api(app, lena).get('/partners/matches')
  const match = matches.json.matches.find((m: { userId: number }) => m.userId === kamran.id)
  t.ok(match, 'Lena finds Kamran among the partners free when she is')
  t.notOk(JSON.stringify(matches.json).includes(kamran.email), 'no email in the matches')
  const overlap = match.overlaps[0] as { startsAt: string; endsAt: string }
  t.same([wallTimeIn(Date.parse(overlap.startsAt), 'Europe/London').slice(11), wallTimeIn(Date.parse(overlap.endsAt), 'Europe/London').slice(11)], ['18:00', '19:00'])
  t.same([wallTimeIn(Date.parse(overlap.startsAt), 'Asia/Karachi').slice(11), wallTimeIn(Date.parse(overlap.endsAt), 'Asia/Karachi').slice(11)], ['23:00', '00:00'])
  const seen = await api(app, kamran).get('/partners/matches')
  t.ok(seen.json.matches.some((m: { userId: number }) => m.userId === lena.id), 'and Kamran finds Lena')

  const startsAt = Date.parse(overlap.startsAt)
  const proposed = await api(app, lena).post('/proposals', { toUserId: kamran.id, startsAt: new Date(startsAt).toISOString(), note: 'Cardiology?' })
  t.equal(proposed.status, 201, JSON.stringify(proposed.json))
  const asked = await waitForMail(kamran.email, /Lena London proposed a time to practise/)
  t.match(plain(asked), /23:00/, 'the proposal is written in Kamran\'s own time')
  const incoming = (await api(app, kamran).get('/proposals')).json.proposals[0]
  t.match(incoming, { direction: 'INCOMING', other: { name: 'Lena London', timeZone: 'Europe/London' }, actions: { accept: true } })

  const accepted = await api(app, kamran).post(`/proposals/${incoming.id}/accept`)
  t.equal(accepted.status, 200, JSON.stringify(accepted.json))
  const code: string = accepted.json.sessionCode
  for (const [person, subject] of [[kamran, /Practice booked/], [lena, /Kamran Karachi booked a seat/]] as const) {
    const invitation = await waitForMail(person.email, subject)
    t.equal(startOf(invitationIn(invitation)), startsAt, `the invitation of ${person.email} is for the agreed time`)
    t.match(plain(invitation), `/session/${code}/role`)
  }

  const reminded = (subject: RegExp) => [lena, kamran].map((person) => mailsTo(person.email, subject).length)
  await clock.advance(startsAt - HOUR - clock.now() - MINUTE)
  t.same(reminded(/Starting in 1 hour/), [0, 0], 'no reminder before its time')
  await clock.advance(MINUTE)
  for (const person of [lena, kamran]) await waitForMail(person.email, /Starting in 1 hour/)
  await clock.advance(45 * MINUTE - MINUTE)
  t.same(reminded(/Starting in 15 minutes/), [0, 0])
  await clock.advance(MINUTE)
  for (const person of [lena, kamran]) await waitForMail(person.email, /Starting in 15 minutes/)

  // The time comes: Kamran opens the room, Lena never does.
  await clock.advance(startsAt - clock.now())
  const room = stompClient({ sockJsUrl: `http://127.0.0.1:${port}/ws`, webSocketUrl: `ws://127.0.0.1:${port}/ws` }, 'websocket', kamran.token)
  t.teardown(() => room.client.deactivate())
  await room.connected.next(10_000)
  await room.subscribe(code).ready
  await clock.advance(10 * MINUTE)

  const reliabilityOf = async (viewer: typeof lena, person: typeof lena) => {
    const card = await api(app, viewer).get(`/partners/people/${person.id}`)
    return reliabilityWords(card.json.candidate.reliability)
  }
  t.equal(await reliabilityOf(lena, kamran), 'Kept 1 of 1 planned session', 'the one who came kept it')
  t.equal(await reliabilityOf(kamran, lena), 'Kept 0 of 1 planned session', 'the one who did not is a count, nothing more')
})
