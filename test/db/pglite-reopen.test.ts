import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import t from 'tap'
import { connectPGlite } from '../../server/db/connect.ts'

// openServerDatabase reopens the embedded database after a first start's set-up, to free the memory it took.
t.test('reopening the embedded database keeps its data and its lock, and the new handle releases the lock on close', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-reopen-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const dir = path.join(dataDir, 'pglite')

  const first = await connectPGlite(dir)
  await sql`create table kept (note text)`.execute(first.db)
  await sql`insert into kept values ('written before the reopen')`.execute(first.db)
  const lockFile = () => statSync(`${dir}.lock`, { bigint: true }).ctimeNs
  const lockBefore = lockFile()
  const reopened = await first.reopen!()

  t.equal(lockFile(), lockBefore, 'the same lock file throughout: never released, so no other process could take it meanwhile')
  await t.rejects(connectPGlite(dir), { message: /in use by another process/ }, 'the directory is still locked after the reopen')
  const { rows } = await sql<{ note: string }>`select note from kept`.execute(reopened.db)
  t.same(rows, [{ note: 'written before the reopen' }])
  await t.rejects(sql`select 1`.execute(first.db), 'the old handle is closed')

  await reopened.close()
  const again = await connectPGlite(dir)
  t.teardown(() => again.close())
  t.equal((await sql<{ n: number }>`select count(*)::int as n from kept`.execute(again.db)).rows[0].n, 1, 'the lock was released by the new handle')
})
