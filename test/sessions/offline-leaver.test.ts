import t, { type Test } from 'tap'
import { BOARD_SESSION_TERMS } from '../../server/board/session-terms.ts'
import { CaseBankCache } from '../../server/content/case-bank-cache.ts'
import { inProcessBus } from '../../server/sessions/cluster/bus.ts'
import { createCommandRunner } from '../../server/sessions/engine/command-runner.ts'
import { leaveWhenOfflineTooLong } from '../../server/sessions/engine/offline-leaver.ts'
import { readStream } from '../../server/sessions/store/event-store.ts'
import { SessionLoader } from '../../server/sessions/store/session-loader.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { HOUR, manualClock } from '../helpers/manual-clock.ts'
import { as, readyRoom, seedBank } from './helpers.ts'

const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 2 })

/** The live channel's presence, driven by hand: who is online, and the listener the rule registered. */
function fakePresence() {
  const online = new Set<string>()
  let listener: ((change: { sessionCode: string; userId: number; online: boolean }) => void) | null = null
  return {
    live: {
      publish: () => {},
      isOnline: (code: string, userId: number) => online.has(`${code}/${userId}`),
      onPresence: (l: NonNullable<typeof listener>) => {
        listener = l
        return () => {
          listener = null
        }
      },
    },
    set(sessionCode: string, userId: number, isOnline: boolean) {
      if (isOnline) online.add(`${sessionCode}/${userId}`)
      else online.delete(`${sessionCode}/${userId}`)
      listener?.({ sessionCode, userId, online: isOnline })
    },
  }
}

/** The offline rule on the test's database, with a limit of 100 ms on the test's clock; stopped at the test's end. */
function startOfflineRule(t: Test, presence: ReturnType<typeof fakePresence>, clock: ReturnType<typeof manualClock>) {
  const db = app.database.db
  const loader = new SessionLoader(db)
  const runner = createCommandRunner({ db, commits: inProcessBus(() => {}).commits, loader, now: clock.now, caseBank: new CaseBankCache(), inRoom: () => false })
  t.teardown(leaveWhenOfflineTooLong({ live: presence.live, db, heldUntilLater: BOARD_SESSION_TERMS.heldUntilLater, runner, loader, offlineLimitMs: 100, now: clock.now, setAlarm: clock.setAlarm, log: { error: () => {} } }))
}

t.test(`a participant offline for longer than the limit leaves; one who comes back stays (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const presence = fakePresence()
  const clock = manualClock()
  startOfflineRule(t, presence, clock)

  presence.set(room.code, room.observer.id, true)
  presence.set(room.code, room.patient.id, true)
  presence.set(room.code, room.observer.id, false)
  presence.set(room.code, room.patient.id, false)
  await clock.advance(40)
  presence.set(room.code, room.patient.id, true) // a page reload: back before the limit
  await clock.advance(60)

  const session = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
  t.same(session.participants.map((p: { role: string }) => p.role), ['doctor', 'patient'])
  const left = (await readStream(app.database.db, session.id)).filter((e) => e.type === 'ParticipantLeft')
  t.same(left.map((e) => [e.actorUserId, (e.payload as { reason: string }).reason]), [[room.observer.id, 'OFFLINE_TOO_LONG']])
})

// The app's clock two hours off the system's either way, and a slot whose time is an hour ahead or an hour past on
// it: on the system's clock it is the other way round.
const offsets = [
  { clockOffset: -2 * HOUR, startsIn: HOUR, stays: true },
  { clockOffset: 2 * HOUR, startsIn: -HOUR, stays: false },
]
for (const { clockOffset, startsIn, stays } of offsets) {
  t.test(`someone offline in a planned slot ${stays ? 'still to come keeps their seat' : 'whose time has come is taken out'}: the time is the app's clock, not the system's (${databaseKind()})`, async (t) => {
    const room = await readyRoom(app)
    const presence = fakePresence()
    const clock = manualClock(Date.now() + clockOffset)
    const db = app.database.db
    const { id } = await db.selectFrom('sessions').select('id').where('code', '=', room.code).executeTakeFirstOrThrow()
    await db.insertInto('board_listings').values({ session_id: id, host_user_id: room.doctor.id, starts_at: new Date(clock.now() + startsIn), patient_seat: true, observer_seats: 1, note: '' }).execute()
    startOfflineRule(t, presence, clock)

    presence.set(room.code, room.observer.id, true)
    presence.set(room.code, room.observer.id, false)
    await clock.advance(200)

    const session = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
    t.same(session.participants.map((p: { role: string }) => p.role), stays ? ['doctor', 'patient', 'observer'] : ['doctor', 'patient'])
    const left = (await readStream(db, id)).filter((e) => e.type === 'ParticipantLeft').map((e) => (e.payload as { reason: string }).reason)
    t.same(left, stays ? [] : ['OFFLINE_TOO_LONG'])
  })
}
