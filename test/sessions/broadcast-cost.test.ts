import t from 'tap'
import type { Rendering } from '../../server/live/live-hub.ts'
import { CaseBankCache, type CaseVersionRef } from '../../server/content/case-bank-cache.ts'
import { startBroadcasting } from '../../server/sessions/fan-out/broadcaster.ts'
import { inProcessBus } from '../../server/sessions/cluster/bus.ts'
import { CaseViewCache } from '../../server/sessions/store/case-view-cache.ts'
import { createCommandRunner } from '../../server/sessions/engine/command-runner.ts'
import { SessionLoader } from '../../server/sessions/store/session-loader.ts'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { readyRoom, seedBank, type User } from './helpers.ts'
import { normaliseCase } from '../../server/content/case-rules.ts'
import { findCase, saveCase } from '../../server/content/cases-repo.ts'

// What the live broadcast reads from the database (issue 15). Counts, not timings: a presence change reads only the
// session's newest events once its code is known, and a SESSION_UPDATE reads its case only when the case's rows
// changed since it was last read (the command's own statement answers their stamp).

const counter = countStatements()
const app = await testApp()
t.teardown(() => app.close())
await seedBank(app.database.db, { Cardiology: 2 })
const db = app.database.db

type PresenceListener = (change: { sessionCode: string; userId: number; online: boolean }) => void
type Sent = { type: string; selectedCase?: { id: number; doctorNotes?: string } | null }

/** The broadcaster over a live channel that records what the doctor would hear; `heard(type)` waits for a message. */
function broadcasting(t: Tap, doctorId: number, caseViews = new CaseViewCache(db)) {
  const { commits } = inProcessBus(() => {})
  const loader = new SessionLoader(db)
  const sent: Sent[] = []
  const waiting = new Map<string, () => void>()
  let presenceListener: PresenceListener = () => {}
  const live = {
    publish: <A>(_code: string, message: Rendering<A>) => {
      const audience = message.audienceOf(doctorId)
      if (audience === null) return
      const body = message.render(audience) as Sent
      sent.push(body)
      waiting.get(body.type)?.()
    },
    isOnline: () => true,
    onPresence: (added: PresenceListener) => ((presenceListener = added), () => {}),
  }
  const stop = startBroadcasting({ commits, live, loader, caseViews, now: Date.now, log: { error: () => {} } })
  t.teardown(stop)
  const heard = (type: string) => new Promise<void>((resolve) => waiting.set(type, resolve))
  return { commits, loader, sent, heard, presence: (change: Parameters<PresenceListener>[0]) => presenceListener(change) }
}
type Tap = { teardown(fn: () => unknown): void }

t.test(`a presence change costs one statement once the code is known (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const { sent, heard, presence } = broadcasting(t, room.doctor.id)
  const change = () => counter.of(() => Promise.all([heard('PARTICIPANT_UPDATE'), presence({ sessionCode: room.code, userId: room.patient.id, online: true })]))

  const first = await change()
  t.equal(first.statements, 2, 'the first: the id by code, then the session log')
  const second = await change()
  t.equal(second.statements, 1, 'the next: only the events after the cached version')
  t.same(sent.map((message) => message.type), ['PARTICIPANT_UPDATE', 'PARTICIPANT_UPDATE'])
})

t.test(`a SESSION_UPDATE reads its case version once; an edit of the case does not change what the session shows (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const { commits, loader, sent, heard } = broadcasting(t, room.doctor.id)
  const runner = createCommandRunner({ db, commits, loader, now: Date.now, caseBank: new CaseBankCache(), inRoom: () => false })
  const sessionId = (await loader.idByCode(room.code))!
  await loader.load(sessionId) // the command decides on the cached state, as the server's does
  const actor = (user: User, name: string) => ({ userId: user.id, name, isAdmin: false })
  const doctor = actor(room.doctor, 'Dora Doctor')
  const observer = actor(room.observer, 'Olly Observer')

  const start = await counter.of(() => Promise.all([heard('TIMER_START'), runner.execute(sessionId, { type: 'Start' }, doctor)]))
  // A cache that hears no notices is never trusted: this runner reads the case bank for every command.
  t.equal(start.statements, 3, 'start: the case bank, one write, and the case, seen for the first time')
  await runner.execute(sessionId, { type: 'Leave', reason: 'LEFT' }, observer)
  const rejoin = await counter.of(() => Promise.all([heard('SESSION_UPDATE'), runner.execute(sessionId, { type: 'JoinWithRole', role: 'OBSERVER' }, observer)]))
  t.equal(rejoin.statements, 2, 'a rejoin: the case bank and one write; the case it shows is known and unchanged')

  const caseId = loader.cached(sessionId)!.caseId!
  const drawn = (await findCase(db, caseId))!
  const edited = await saveCase(db, normaliseCase({ ...drawn, doctorNotes: 'Edited brief' }), caseId)
  t.match(edited, { ok: true, version: 2 }, 'the edit is the case version 2')
  await runner.execute(sessionId, { type: 'Leave', reason: 'LEFT' }, observer)
  const afterEdit = await counter.of(() => Promise.all([heard('SESSION_UPDATE'), runner.execute(sessionId, { type: 'JoinWithRole', role: 'OBSERVER' }, observer)]))
  t.equal(afterEdit.statements, 2, 'after an edit of the case, the version drawn is still known: not read again')
  const shown = sent.filter((message) => message.type === 'SESSION_UPDATE').map((message) => message.selectedCase)
  t.equal(shown.length, 3, 'each SESSION_UPDATE was sent')
  t.ok(shown.every((shownCase) => shownCase?.id === caseId), 'each shows the session case')
  t.not(shown.at(-1)?.doctorNotes, 'Edited brief', 'the doctor hears the version drawn, not the edit')
  t.equal(shown.at(-1)?.doctorNotes, drawn.doctorNotes)
})

t.test(`a batch whose case is at hand is sent in the turn that publishes it (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const { commits, loader, sent, heard } = broadcasting(t, room.doctor.id)
  const runner = createCommandRunner({ db, commits, loader, now: Date.now, caseBank: new CaseBankCache(), inRoom: () => false })
  const sessionId = (await loader.idByCode(room.code))!
  await loader.load(sessionId)
  const doctor = { userId: room.doctor.id, name: 'Dora Doctor', isAdmin: false }
  const observer = { userId: room.observer.id, name: 'Olly Observer', isAdmin: false }
  await Promise.all([heard('TIMER_START'), runner.execute(sessionId, { type: 'Start' }, doctor)]) // reads the case once
  await runner.execute(sessionId, { type: 'Leave', reason: 'LEFT' }, observer)

  // What the doctor had heard when each publish returned, before anything else could run.
  const heardInTurn: string[][] = []
  const publish = commits.publish
  commits.publish = (batch) => {
    const before = sent.length
    publish(batch)
    heardInTurn.push(sent.slice(before).map((message) => message.type))
  }
  await runner.execute(sessionId, { type: 'JoinWithRole', role: 'OBSERVER' }, observer)
  await runner.execute(sessionId, { type: 'SkipPhase' }, doctor)
  t.same(heardInTurn, [['PARTICIPANT_UPDATE', 'SESSION_UPDATE'], ['PHASE_CHANGE', 'TIMER_START']], "a rejoin showing the known case, then a skip: each batch's messages went out at once")
})

t.test(`a batch whose case is at hand still waits behind one of its session that is reading its case (${databaseKind()})`, async (t) => {
  // A case read held until the test lets it go.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  class HeldCaseViews extends CaseViewCache {
    override cached() {
      return null
    }
    override async get(ref: CaseVersionRef) {
      await released
      return super.get(ref)
    }
  }
  const room = await readyRoom(app)
  const { commits, loader, sent } = broadcasting(t, room.doctor.id, new HeldCaseViews(db))
  const runner = createCommandRunner({ db, commits, loader, now: Date.now, caseBank: new CaseBankCache(), inRoom: () => false })
  const sessionId = (await loader.idByCode(room.code))!
  await loader.load(sessionId)
  const doctor = { userId: room.doctor.id, name: 'Dora Doctor', isAdmin: false }

  await runner.execute(sessionId, { type: 'Start' }, doctor) // its SESSION_UPDATE waits for the case
  await runner.execute(sessionId, { type: 'SkipPhase' }, doctor) // shows no case, but comes after
  t.same(sent, [], 'nothing heard while the first batch reads its case')
  release()
  await t.resolveMatch(waitFor(() => sent.length === 5), true)
  t.same(sent.map((message) => message.type), ['SESSION_UPDATE', 'PHASE_CHANGE', 'TIMER_START', 'PHASE_CHANGE', 'TIMER_START'], 'then both, in order')
})

/** Resolves true once `holds` does (polled), or false after two seconds. */
async function waitFor(holds: () => boolean): Promise<boolean> {
  for (const until = Date.now() + 2000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 5))) if (holds()) return true
  return holds()
}
