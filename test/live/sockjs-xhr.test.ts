import { toEveryone } from '../../server/live/live-hub.ts'
import t from 'tap'
import { Inbox, ROOM, USERS, delay, startLiveServer, stompClient } from './live-harness.ts'

const DISCONNECT_DELAY_MS = 300
const server = await startLiveServer({ sockJsHeartbeatMs: 5000, sockJsDisconnectDelayMs: DISCONNECT_DELAY_MS, presenceGraceMs: 50 })
t.teardown(() => server.close())
const base = server.sockJsUrl

const connectFrame = `CONNECT\naccept-version:1.2\nAuthorization:Bearer ${USERS.ada.token}\n\n\0`
const subscribeFrame = `SUBSCRIBE\nid:0\ndestination:/topic/session/${ROOM}\nreceipt:r\n\n\0`
let sessions = 0
const newSession = () => `${base}/000/xhr${++sessions}`

const poll = async (session: string) => (await fetch(`${session}/xhr`, { method: 'POST' })).text()
const send = (session: string, body: string) => fetch(`${session}/xhr_send`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body })

/** A streaming receiver read by hand: each line of the response, as it arrives. */
async function stream(session: string) {
  const controller = new AbortController()
  const response = await fetch(`${session}/xhr_streaming`, { method: 'POST', signal: controller.signal })
  const lines = new Inbox<string>()
  const ended = (async () => {
    const decoder = new TextDecoder()
    let buffered = ''
    try {
      for await (const chunk of response.body!) {
        buffered += decoder.decode(chunk, { stream: true })
        const parts = buffered.split('\n')
        buffered = parts.pop()!
        for (const line of parts) lines.push(line)
      }
    } catch {
      // aborted by the test
    }
  })()
  return { response, lines, ended, abort: () => controller.abort() }
}

const stompCommand = (frame: string) => JSON.parse(frame.slice(1)).map((stomp: string) => stomp.split('\n')[0])

t.test('xhr polling: o opens the session, xhr_send carries STOMP, each poll takes what is waiting', async (t) => {
  const session = newSession()
  t.equal(await poll(session), 'o\n')
  const sent = await send(session, JSON.stringify([connectFrame]))
  t.equal(sent.status, 204)
  t.same(stompCommand((await poll(session)).trim()), ['CONNECTED'])
  await send(session, JSON.stringify(subscribeFrame))
  t.same(stompCommand((await poll(session)).trim()), ['RECEIPT'], 'a single JSON string is one message')
  t.ok(server.hub.isOnline(ROOM, USERS.ada.id))

  server.hub.publish(ROOM, toEveryone({ n: 1 }), null)
  server.hub.publish(ROOM, toEveryone({ n: 2 }), null)
  t.same(stompCommand((await poll(session)).trim()), ['MESSAGE', 'MESSAGE'], 'messages sent between polls wait, in order, for the next one')

  const waiting = poll(session)
  await delay(50)
  t.equal(await poll(session), 'c[2010,"Another connection still open"]\n', 'one receiver at a time')
  await send(session, JSON.stringify(['DISCONNECT\nreceipt:bye\n\n\0']))
  t.same(stompCommand((await waiting).trim()), ['RECEIPT'])
  t.equal(await poll(session), 'c[1000,"Disconnected"]\n', 'a closed session says so to the next poll')
  t.equal((await send(session, '["x"]')).status, 404, 'and takes nothing more')
})

t.test('xhr_send: an unknown session is 404; a missing or broken payload gets the protocol answers', async (t) => {
  t.equal((await send(`${base}/000/nobody`, '["x"]')).status, 404)
  const session = newSession()
  await poll(session)
  const empty = await send(session, '')
  t.same([empty.status, await empty.text()], [500, 'Payload expected.'])
  const broken = await send(session, '[1,')
  t.same([broken.status, await broken.text()], [500, 'Broken JSON encoding.'])
  const notStrings = await send(session, '[1]')
  t.equal(notStrings.status, 500)
})

t.test('xhr streaming: a 2 KB prelude, then o and every frame on the same response', async (t) => {
  const session = newSession()
  const receiving = await stream(session)
  t.equal(receiving.response.headers.get('content-type'), 'application/javascript; charset=UTF-8')
  t.equal(await receiving.lines.next(), 'h'.repeat(2048))
  t.equal(await receiving.lines.next(), 'o')
  await send(session, JSON.stringify([connectFrame, subscribeFrame]))
  const commands: string[] = []
  while (!commands.includes('RECEIPT')) commands.push(...stompCommand(await receiving.lines.next()))
  t.same(commands, ['CONNECTED', 'RECEIPT'])
  server.hub.publish(ROOM, toEveryone({ streamed: true }), null)
  t.match(await receiving.lines.next(), /^a\["MESSAGE\\n/)
  receiving.abort()
})

t.test('a session whose receiver stays away for the disconnect delay is gone, and its user goes offline', async (t) => {
  const session = newSession()
  await poll(session)
  await send(session, JSON.stringify([connectFrame, subscribeFrame]))
  await poll(session)
  t.ok(server.hub.isOnline(ROOM, USERS.ada.id))
  await delay(DISCONNECT_DELAY_MS + 200)
  t.equal((await send(session, '["x"]')).status, 404)
  t.notOk(server.hub.isOnline(ROOM, USERS.ada.id))

  const streaming = newSession()
  const receiving = await stream(streaming)
  await receiving.lines.next()
  receiving.abort()
  await delay(DISCONNECT_DELAY_MS + 200)
  t.equal((await send(streaming, '["x"]')).status, 404, 'a stream whose client went away counts as away')
})

t.test('a closed session is forgotten one disconnect delay after it closed, however often it is polled', async (t) => {
  const session = newSession()
  await poll(session)
  await send(session, JSON.stringify([connectFrame, 'DISCONNECT\n\n\0']))
  await poll(session)
  const answers: string[] = []
  for (let i = 0; i < 12 && answers.at(-1) !== 'o\n'; i += 1) {
    answers.push(await poll(session))
    await delay(100)
  }
  t.equal(answers[0], 'c[1000,"Disconnected"]\n')
  t.equal(answers.at(-1), 'o\n', 'polling did not keep it: the same path then opens a new session')
})

t.test('a client that stops collecting while messages pile up is closed with a reason', async (t) => {
  const session = newSession()
  await poll(session)
  await send(session, JSON.stringify([connectFrame, subscribeFrame]))
  await poll(session)
  const filler = 'x'.repeat(10_000)
  for (let n = 0; n < 120; n += 1) server.hub.publish(ROOM, toEveryone({ n, filler }), null)
  t.equal(await poll(session), 'c[1001,"Too far behind"]\n')
})

t.test('one address cannot hold more than 20 sessions that have not sent CONNECT', async (t) => {
  await delay(DISCONNECT_DELAY_MS + 100)
  const opened = await Promise.all(Array.from({ length: 20 }, () => poll(newSession())))
  t.same(new Set(opened), new Set(['o\n']))
  const refused = await fetch(`${newSession()}/xhr`, { method: 'POST' })
  t.equal(refused.status, 503)
  await delay(DISCONNECT_DELAY_MS + 100)
  t.equal(await poll(newSession()), 'o\n', 'room again once they were gone')
})

t.test('a stream is ended after its maximum age, and the next stream carries on the same session', async (t) => {
  const own = await startLiveServer({ sockJsStreamMaxAgeMs: 200, sockJsDisconnectDelayMs: 2000 })
  t.teardown(() => own.close())
  const session = `${own.sockJsUrl}/000/renewed`
  const first = await stream(session)
  await first.lines.next()
  t.equal(await first.lines.next(), 'o')
  await first.ended
  const second = await stream(session)
  await second.lines.next()
  await send(session, JSON.stringify([connectFrame]))
  t.same(stompCommand(await second.lines.next()), ['CONNECTED'], 'no second o: the same session')
  second.abort()
})

t.test('preflight for the xhr transports allows the cross-origin POST', async (t) => {
  for (const transport of ['xhr', 'xhr_streaming', 'xhr_send']) {
    const response = await fetch(`${base}/000/abc/${transport}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'content-type' },
    })
    t.equal(response.status, 204, transport)
    t.match(response.headers.get('access-control-allow-methods'), /POST/)
    t.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:5173')
    t.equal(response.headers.get('access-control-allow-headers'), 'content-type')
  }
})

t.test('sockjs-client over xhr-streaming gets every message in order past the 128 KB a response may carry', async (t) => {
  const ada = stompClient(server, 'xhr-streaming', USERS.ada.token)
  t.teardown(() => ada.client.deactivate())
  await ada.connected.next()
  const messages = ada.subscribe(ROOM)
  await messages.ready
  const filler = 'x'.repeat(2000)
  for (let n = 0; n < 100; n += 1) server.hub.publish(ROOM, toEveryone({ n, filler }), null)
  const received: number[] = []
  for (let n = 0; n < 100; n += 1) received.push(((await messages.next()).body as { n: number }).n)
  t.same(received, [...Array(100).keys()])
})

t.test('closing the server ends open streams at once', async (t) => {
  const own = await startLiveServer({ sockJsDisconnectDelayMs: 60_000 })
  const receiving = await stream(`${own.sockJsUrl}/000/closing`)
  await receiving.lines.next()
  const started = Date.now()
  await own.close()
  await receiving.ended
  t.ok(Date.now() - started < 2000, 'the close did not wait for the stream')
})
