import { sql } from 'kysely'
import t from 'tap'
import { buildApp } from '../../server/app.ts'
import { CODE_MISS_KEY_PREFIX } from '../../server/sessions/http/code-miss-limit.ts'
import { databaseKind } from '../helpers/db.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { countStatements } from '../helpers/statement-counter.ts'
import { readyRoom, seedBank } from './helpers.ts'

// Behind a load balancer (issue 15): a user who used up their wrong codes on one instance is refused on every
// instance at once, though no instance reads the count before looking a code up; and let in again when the
// window ends. The sessions' clock is moved on for that, and the shared counter's window with it.

if (databaseKind() !== 'postgres') {
  t.pass('instances sharing a budget need PostgreSQL: run with DATABASE_URL')
} else {
  const counter = countStatements()
  let offset = 0
  const clock = () => Date.now() + offset
  const main = await testApp({ rateLimits: true }, { clock })
  t.teardown(() => main.close())
  await seedBank(main.database.db, { Cardiology: 1 })
  const instance = async () => {
    const app = await buildApp({ config: main.config, database: main.database, logger: false, clock })
    t.teardown(() => app.close())
    return app
  }
  const guess = (i: number) => `ABCD-${'23456789ABCDEFGHJKMNPQRSTUVWXYZ'[i]}XYZ`

  t.test('wrong codes used up on one instance: refused on the others, until the window ends', async (t) => {
    const b = await instance()
    const room = await readyRoom(main)
    const guesser = await signedInUser(main)
    const get = (app: typeof b, code: string) => call(app, { method: 'GET', url: `/api/sessions/${code}`, headers: guesser.auth })
    t.equal((await get(b, room.code)).status, 200, 'B lets the user in before')

    const misses: number[] = []
    for (let i = 0; i < 30; i += 1) misses.push((await get(main.app, guess(i))).status)
    t.same(misses, Array(30).fill(404), '30 wrong codes on A')

    // B hears of it through a NOTIFY, which A sent before answering the 30th: as soon as it arrives.
    const deadline = Date.now() + 5000
    let tries = 1
    while ((await get(b, room.code)).status !== 429 && Date.now() < deadline) tries += 1
    let refused: Awaited<ReturnType<typeof get>> | undefined
    const cost = await counter.of(async () => void (refused = await get(b, room.code)))
    t.equal(refused?.status, 429, `B refuses the right code (the notice was in by its request number ${tries} after the 30th miss)`)
    t.match(refused?.json.error, /^Too many wrong session codes\. Please wait \d+ seconds and try again\.$/)
    t.ok(Number(refused?.headers['retry-after']) > 50, 'with the seconds left in the window')
    t.equal(cost.statements, 1, 'refused from memory: only the per-user count of the route')

    const c = await instance()
    t.equal((await get(c, room.code)).status, 429, 'an instance started since refuses at once (read as it starts listening)')
    t.equal((await get(c, guess(30))).status, 429, 'and a wrong code too')

    offset += 61_000
    await sql`update rate_limit_hits set window_ends_at = now() where key = ${CODE_MISS_KEY_PREFIX + guesser.id}`.execute(main.database.db)
    for (const [name, app] of [['A', main.app], ['B', b], ['C', c]] as const) {
      t.equal((await get(app, room.code)).status, 200, `the window over, ${name} lets the user in`)
    }
    t.equal((await get(b, guess(0))).status, 404, 'and counts wrong codes afresh')
  })

  t.test('a wrong code on an instance that has not heard yet is refused too, and it tells the others', async (t) => {
    const b = await instance()
    const room = await readyRoom(main)
    const guesser = await signedInUser(main)
    const get = (app: typeof b, code: string) => call(app, { method: 'GET', url: `/api/sessions/${code}`, headers: guesser.auth })
    // 30 wrong codes counted in the store with no notice sent: as if the instance that counted them crashed.
    const key = CODE_MISS_KEY_PREFIX + guesser.id
    await sql`insert into rate_limit_hits (key, hits, window_ends_at) values (${key}, 30, now() + interval '1 minute')`.execute(main.database.db)
    t.equal((await get(b, room.code)).status, 200, 'B has not heard: the right code goes through (no read on the way)')
    t.equal((await get(b, guess(1))).status, 429, 'a wrong code is counted past the limit: refused, as if B had known')
    t.equal((await get(b, room.code)).status, 429, 'and B knows from now on')
    const deadline = Date.now() + 5000
    while ((await get(main.app, room.code)).status !== 429 && Date.now() < deadline);
    t.equal((await get(main.app, room.code)).status, 429, 'A heard it from B')
  })
}
