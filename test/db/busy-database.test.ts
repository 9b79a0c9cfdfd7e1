import t from 'tap'
import { sql } from 'kysely'
import type { AddressInfo } from 'node:net'
import { testApp } from '../helpers/app.ts'

// Issue 15: the embedded database ran inside the server's event loop, so one heavy query left new connections
// unanswered until it ended. It now has its own thread: the server keeps answering while the query runs.
t.test('a request that needs no database is answered on a new connection while the database runs a long query', async (t) => {
  const server = await testApp()
  t.teardown(() => server.close())
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = server.app.server.address() as AddressInfo

  let queryDone = false
  const longQuery = sql`select count(*) from generate_series(1, 15000000)`.execute(server.database.db).then(() => (queryDone = true))
  // A new connection (no keep-alive), as a visitor arriving while the database is busy. /api/health would wait
  // its turn on the embedded database's single connection; /api/config needs no database.
  const answer = await fetch(`http://127.0.0.1:${port}/api/config`, { headers: { connection: 'close' } })
  t.equal(answer.status, 200)
  t.notOk(queryDone, 'answered before the long query ended')
  await longQuery
  t.ok(queryDone)
})
