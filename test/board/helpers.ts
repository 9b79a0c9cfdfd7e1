import type { BoardChanged } from '../../schemas/board.ts'
import { call, signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { manualClock } from '../helpers/manual-clock.ts'
import { startSmtpReceiver } from '../helpers/smtp.ts'
import { Inbox, stompClient, type LiveAddress } from '../live/live-harness.ts'
import { seedBank, type User } from '../sessions/helpers.ts'

/** The whole app with the real SMTP receiver as its mail server and a manual clock for the sessions and the board. */
export async function boardApp(options: { rateLimits?: boolean; clockStart?: number } = {}) {
  const smtp = await startSmtpReceiver()
  const clock = manualClock(options.clockStart)
  const app = await testApp({ smtpUrl: smtp.url, publicUrl: 'http://plab.test', mailFrom: 'PLAB Practice <no-reply@plab.test>', rateLimits: options.rateLimits ?? false }, { clock: clock.now, setAlarm: clock.setAlarm, ...(process.env.BOARD_LOG ? { logger: { level: 'error' } } : {}) })
  await seedBank(app.database.db, { Cardiology: 2, Neurology: 2 })
  return {
    app,
    smtp,
    clock,
    async close() {
      await app.close()
      await smtp.close()
    },
  }
}

/** Calls the API as a user, any method. */
export function api(t: TestApp, user: User) {
  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => call(t.app, { method, url: `/api${url}`, body, headers: user.auth })
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body: object = {}) => request('POST', url, body),
    put: (url: string, body: object) => request('PUT', url, body),
    delete: (url: string) => request('DELETE', url),
  }
}

export async function user(t: TestApp, name: string, profile: { examMonth?: string | null; timeZone?: string | null } = {}) {
  const account = await signedInUser(t, { name })
  if (profile.examMonth !== undefined || profile.timeZone !== undefined) {
    const saved = await api(t, account).put('/profile/partners', { examMonth: profile.examMonth ?? null, timeZone: profile.timeZone ?? null, hiddenFromBoard: false })
    if (saved.status !== 200) throw new Error(`profile failed: ${JSON.stringify(saved.json)}`)
  }
  return account
}

/** A host's session on the given topic, listed with these terms: answers its code and the listing. */
export async function listedSession(t: TestApp, host: User, listing: Record<string, unknown> = {}, topics = ['Cardiology']) {
  const created = await api(t, host).post('/sessions', { title: `${topics.join(' ')} practice` })
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.json)}`)
  const code: string = created.json.sessionCode
  const configured = await api(t, host).post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: topics })
  if (configured.status !== 200) throw new Error(`configure failed: ${JSON.stringify(configured.json)}`)
  const listed = await api(t, host).post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 1, ...listing })
  if (listed.status !== 201) throw new Error(`listing failed: ${JSON.stringify(listed.json)}`)
  return { code, listing: listed.json.listing as { id: number; startsAt: string | null } }
}

export { HOUR } from '../helpers/manual-clock.ts'

/** A stompjs client subscribed to /topic/board, once the server has confirmed the subscription. */
export async function boardWatcher(t: { teardown(fn: () => unknown): void }, address: LiveAddress, token: string) {
  const client = stompClient(address, 'websocket', token)
  t.teardown(() => client.client.deactivate())
  await client.connected.next(10_000)
  const inbox = new Inbox<BoardChanged>()
  await new Promise<void>((resolve) => {
    client.client.watchForReceipt('board', () => resolve())
    client.client.subscribe('/topic/board', (message) => inbox.push(JSON.parse(message.body)), { receipt: 'board' })
  })
  /** Waits for the notice about `listingId` (null: read the whole board again), skipping others. */
  const heard = async (listingId: number | null) => {
    for (;;) if ((await inbox.next(10_000)).listingId === listingId) return true
  }
  return { inbox, heard, errors: client.errors }
}
