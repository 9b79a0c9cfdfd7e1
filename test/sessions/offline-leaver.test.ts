import t from 'tap'
import { leaveWhenOfflineTooLong } from '../../server/sessions/offline-leaver.ts'
import { readStream } from '../../server/sessions/event-store.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test(`a participant offline for longer than the limit leaves; one who comes back stays (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const presence = fakePresence()
  const stop = leaveWhenOfflineTooLong({
    live: presence.live,
    db: app.database.db,
    runner: app.app.sessions.runner,
    loader: app.app.sessions.loader,
    offlineLimitMs: 100,
    log: { error: () => {} },
  })
  t.teardown(stop)

  presence.set(room.code, room.observer.id, true)
  presence.set(room.code, room.patient.id, true)
  presence.set(room.code, room.observer.id, false)
  presence.set(room.code, room.patient.id, false)
  await wait(40)
  presence.set(room.code, room.patient.id, true) // a page reload: back before the limit
  await wait(250)

  const session = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
  t.same(session.participants.map((p: { role: string }) => p.role), ['doctor', 'patient'])
  const left = (await readStream(app.database.db, session.id)).filter((e) => e.type === 'ParticipantLeft')
  t.same(left.map((e) => [e.actorUserId, (e.payload as { reason: string }).reason]), [[room.observer.id, 'OFFLINE_TOO_LONG']])
})
