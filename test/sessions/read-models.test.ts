import t from 'tap'
import { sql } from 'kysely'
import { decide } from '../../schemas/session/index.ts'
import type { Actor, SessionState } from '../../schemas/session/types.ts'
import { CaseBankCache } from '../../server/content/case-bank-cache.ts'
import { inProcessBus } from '../../server/sessions/cluster/bus.ts'
import { createCommandHandler } from '../../server/sessions/engine/command-handler.ts'
import { loadDecisionContext } from '../../server/sessions/engine/decision-context.ts'
import { readModelWrites, SESSION_READ_MODELS, type ReadModel } from '../../server/sessions/store/read-models.ts'
import { SessionLoader } from '../../server/sessions/store/session-loader.ts'
import { testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { readyRoom, seedBank } from './helpers.ts'

const app = await testApp()
t.teardown(() => app.close())
const { db } = app.database
await seedBank(db, { Cardiology: 2 })
await sql`create table phase_starts (session_id integer, version integer, phase text, primary key (session_id, version))`.execute(db)

/** A read model a newcomer might add: one row per phase started, registered beside the product's own. */
const phaseStarts: ReadModel = {
  name: 'phase starts',
  follows: ['PhaseStarted'],
  writes: ({ after, events }) =>
    events.flatMap(({ version, event }) => (event.type === 'PhaseStarted' ? [sql`insert into phase_starts values (${after.sessionId}, ${version}, ${event.phase})`] : [])),
}

async function startCommand(state: SessionState, actor: Actor) {
  const command = { type: 'Start' } as const
  const ctx = await loadDecisionContext(db, command, state, { now: Date.now(), inRoom: () => true }, new CaseBankCache())
  return { state, events: decide(state, command, actor, ctx) }
}

t.test(`a registered read model is written with the events, once, by the attempt that commits (${databaseKind()})`, async (t) => {
  const room = await readyRoom(app)
  const loader = new SessionLoader(db)
  const handler = createCommandHandler({ db, commits: inProcessBus(() => {}).commits, loader, actorIdOf: (actor) => actor.userId, readModels: [...SESSION_READ_MODELS, phaseStarts] })
  const { id: sessionId } = await db.selectFrom('sessions').select('id').where('code', '=', room.code).executeTakeFirstOrThrow()
  const current = (await loader.load(sessionId))!
  const doctor: Actor = { userId: room.doctor.id, name: 'Doctor', isAdmin: false }

  // The first attempt decides against a state one version behind: its append is refused and decided again.
  const stale = { ...current, version: current.version - 1 }
  let attempts = 0
  const outcome = await handler.run(sessionId, async () => {
    attempts += 1
    return startCommand(attempts === 1 ? stale : (await loader.load(sessionId))!, doctor)
  }, doctor)

  t.equal(attempts, 2, 'the stale attempt lost and the command was decided again')
  t.equal(outcome.state.phase, 'READING')
  const rows = await db.selectFrom('phase_starts' as never).selectAll().where('session_id' as never, '=', sessionId as never).execute()
  t.same(rows, [{ session_id: sessionId, version: outcome.events[0].version, phase: 'READING' }], 'one row, from the attempt that committed')
  const row = await db.selectFrom('sessions').select(['phase', 'version']).where('id', '=', sessionId).executeTakeFirstOrThrow()
  t.same(row, { phase: 'READING', version: outcome.state.version }, 'the product read models were written by the same append')
})

t.test('a batch asks only the read models that follow one of its event types', async (t) => {
  const asked: string[] = []
  const spy = (name: string, follows: ReadModel['follows']): ReadModel => ({ name, follows, writes: () => (asked.push(name), []) })
  const models = [spy('every', 'every event'), spy('joins', ['ParticipantJoined']), spy('feedback', ['FeedbackSubmitted'])]
  const state = { sessionId: 1 } as SessionState
  const joined = { type: 'ParticipantJoined', at: 0, userId: 2, name: 'Ben', role: 'PATIENT' } as const
  readModelWrites({ before: null, after: state, events: [{ version: 2, event: joined as never }], actorUserId: null }, db, models)
  t.same(asked, ['every', 'joins'])
})
