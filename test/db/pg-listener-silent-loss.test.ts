import net from 'node:net'
import pg from 'pg'
import t from 'tap'
import { createPgListener } from '../../server/db/pg-listener.ts'

// A LISTEN connection whose socket goes silent without closing (a NAT that forgot the flow, a failover to another
// host): no error, no end. The listener must still find out, tell its subscribers to distrust what they hold, and
// listen again. A real PostgreSQL behind a TCP relay that can stop passing bytes on the connections it holds.

/** Relays TCP to PostgreSQL; silence() makes every connection open now drop what it receives, both ways. */
async function relay(to: { host: string; port: number }) {
  const open = new Set<{ silent: boolean }>()
  const server = net.createServer((downstream) => {
    const upstream = net.connect(to)
    const link = { silent: false }
    open.add(link)
    downstream.on('data', (chunk) => link.silent || upstream.write(chunk))
    upstream.on('data', (chunk) => link.silent || downstream.write(chunk))
    const close = () => (downstream.destroy(), upstream.destroy(), open.delete(link))
    downstream.on('close', close).on('error', close)
    upstream.on('close', close).on('error', close)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    silence: () => open.forEach((link) => (link.silent = true)),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

async function poll(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

t.test('a LISTEN connection that goes silent is found out, distrusted and replaced', { skip: !process.env.DATABASE_URL && 'needs PostgreSQL' }, async (t) => {
  const target = new URL(process.env.DATABASE_URL!)
  const proxy = await relay({ host: target.hostname, port: Number(target.port || 5432) })
  target.host = `127.0.0.1:${proxy.port}`
  const pool = new pg.Pool({ connectionString: target.toString(), max: 3 })
  pool.on('error', () => {})
  const direct = new pg.Client(process.env.DATABASE_URL)
  await direct.connect()
  t.teardown(async () => (await direct.end(), await pool.end(), await proxy.close()))

  const record = { heard: [] as string[], listenings: 0, losses: 0 }
  const listener = createPgListener({
    pool,
    applicationName: 'plab-silent-loss-test',
    log: { warn: () => {} },
    backoff: { firstMs: 10, maxMs: 50 },
    liveness: { everyMs: 100, timeoutMs: 300 },
  })
  listener.subscribe({
    channels: ['silent_loss_probe'],
    onNotification: (_channel, payload) => record.heard.push(payload),
    onListening: () => void (record.listenings += 1),
    onLost: () => void (record.losses += 1),
  })
  await listener.start()
  t.teardown(() => listener.close())
  await direct.query(`select pg_notify('silent_loss_probe', 'before')`)
  await poll(() => record.heard.includes('before'), 'the first notice')

  proxy.silence()
  await poll(() => record.losses === 1, 'the silent connection to count as lost')
  await poll(() => record.listenings === 2, 'a new LISTEN connection')
  await direct.query(`select pg_notify('silent_loss_probe', 'after')`)
  await poll(() => record.heard.includes('after'), 'a notice on the new connection')
  t.same(record.heard, ['before', 'after'])
})
