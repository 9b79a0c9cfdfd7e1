import t from 'tap'
import type { Rendering } from '../../server/live/hub.ts'
import { startBroadcasting } from '../../server/sessions/broadcaster.ts'
import { inProcessBus } from '../../server/sessions/bus.ts'
import { SessionLoader } from '../../server/sessions/session-loader.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { readyRoom, seedBank } from './helpers.ts'

// A connection coming or going sends the room a new participant list (isOnline is in it). Counts, not timings:
// the session's id comes from memory once its code is known, so a presence change reads only the session's newest
// events (issue 15); reading the sessions row by code again on every change turns this red.

const counter = countStatements()
const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 2 })

type PresenceListener = (change: { sessionCode: string; userId: number; online: boolean }) => void

t.test(`a presence change costs one statement once the code is known (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const db = app.database.db
  const sent: unknown[] = []
  let listener: PresenceListener = () => {}
  let arrived = () => {}
  const live = {
    publish: <A>(_code: string, message: Rendering<A>) => {
      sent.push(message.render(message.audienceOf(room.doctor.id)!))
      arrived()
    },
    isOnline: () => true,
    onPresence: (added: PresenceListener) => ((listener = added), () => {}),
  }
  const stop = startBroadcasting({ bus: inProcessBus(() => {}), live, db, loader: new SessionLoader(db), now: Date.now, log: { error: () => {} } })
  t.teardown(stop)
  const change = () => counter.of(() => new Promise<void>((resolve) => ((arrived = resolve), listener({ sessionCode: room.code, userId: room.patient.id, online: true }))))

  const first = await change()
  t.equal(first.statements, 2, 'the first: the id by code, then the session log')
  const second = await change()
  t.equal(second.statements, 1, 'the next: only the events after the cached version')
  t.same(sent.map((message) => (message as { type: string }).type), ['PARTICIPANT_UPDATE', 'PARTICIPANT_UPDATE'])
})
