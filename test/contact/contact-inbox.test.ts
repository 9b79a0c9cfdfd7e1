import t from 'tap'
import { loadConfig } from '../../server/config.ts'
import { MESSAGE_RECEIVED } from '../../server/contact/routes.ts'
import { CONTACT_MIN_FILL_SECONDS, CONTACT_TICKET_HOURS } from '../../schemas/contact.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { HOUR, manualClock } from '../helpers/manual-clock.ts'
import { startSmtpReceiver } from '../helpers/smtp.ts'

const smtp = await startSmtpReceiver()
const clock = manualClock()
const siteLinks = { communityUrl: 'https://chat.example.org/group', donationUrl: 'https://donate.example.org', contactEmail: 'inbox@example.org' }
const ctx = await testApp({ smtpUrl: smtp.url, siteLinks }, { clock: clock.now, setAlarm: clock.setAlarm })
t.teardown(async () => {
  await ctx.close()
  await smtp.close()
})
const { app } = ctx
const admin = await signedInUser(ctx, { role: 'ADMIN', name: 'Inbox Admin' })
const user = await signedInUser(ctx)

const FILLED = { name: 'Amara Okafor', email: 'Amara@Example.com', message: 'Is there a mock exam\non Sundays?' }
const ticket = async () => (await call(app, { method: 'GET', url: '/api/contact/ticket' })).json.ticket as string
const post = (body: object, target = app) => call(target, { method: 'POST', url: '/api/contact', body })
const inbox = async (show = 'all') => (await call(app, { method: 'GET', url: `/api/admin/contact-messages?show=${show}`, headers: admin.auth })).json
const storedCount = async () => (await inbox()).messages.length

/** A ticket fetched, then the time a person takes to fill the form. */
async function readyTicket(fillSeconds = CONTACT_MIN_FILL_SECONDS) {
  const issued = await ticket()
  await clock.advance(fillSeconds * 1000)
  return issued
}

t.test('the outside links come from the settings, and the public config shows them', async (t) => {
  const config = await call(app, { method: 'GET', url: '/api/config' })
  t.same(config.json.siteLinks, siteLinks)
  t.same(loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32) }).siteLinks, { communityUrl: null, donationUrl: null, contactEmail: null }, 'unset: none shown')
  t.throws(() => loadConfig({ COMMUNITY_URL: 'chat.example.org' }), /COMMUNITY_URL must be a full URL/)
  t.throws(() => loadConfig({ DONATION_URL: 'javascript:alert(1)' }), /DONATION_URL must start with https:\/\//)
  t.throws(() => loadConfig({ CONTACT_EMAIL: 'not-an-address' }), /CONTACT_EMAIL must be an email address/)
})

t.test('a message is stored, listed for admins and mailed to CONTACT_EMAIL with a reply to its writer', async (t) => {
  const sent = await post({ ...FILLED, ticket: await readyTicket() })
  t.equal(sent.status, 202)
  t.equal(sent.json.message, MESSAGE_RECEIVED)
  const listed = await inbox('waiting')
  t.equal(listed.waiting, 1)
  t.match(listed.messages, [{ name: 'Amara Okafor', email: 'amara@example.com', message: 'Is there a mock exam\non Sundays?', handledAt: null }])
  const mail = await smtp.waitFor('inbox@example.org')
  t.match(mail.raw, /Reply-To: Amara Okafor <amara@example\.com>/)
  t.match(mail.raw, /Subject: Contact form: Amara Okafor/)
  t.match(mail.raw, /Is there a mock exam/)
})

t.test('a message sent sooner than a person could write it is refused, and nothing is kept', async (t) => {
  const before = await storedCount()
  const quick = await post({ ...FILLED, ticket: await readyTicket(CONTACT_MIN_FILL_SECONDS - 1) })
  t.equal(quick.status, 400)
  t.match(quick.json.error, /That was quick/)
  t.equal(await storedCount(), before)
})

t.test('a forged, altered or stale ticket is refused with a way on', async (t) => {
  const before = await storedCount()
  const good = await readyTicket()
  const [issuedAt, signature] = good.split('.')
  const forgeries = [`${Number(issuedAt) - 60_000}.${signature}`, `${issuedAt}.${signature.slice(0, -2)}AA`, 'hello', `${issuedAt}.${signature}.x`, '']
  for (const forged of forgeries) {
    const answer = await post({ ...FILLED, ticket: forged })
    t.equal(answer.status, 400, `refused: ${JSON.stringify(forged)}`)
    t.equal(answer.json.staleTicket, true)
    t.match(answer.json.error, /open too long\. Please send it again/)
  }
  const old = await readyTicket(CONTACT_TICKET_HOURS * 3600 + 1)
  t.equal((await post({ ...FILLED, ticket: old })).json.staleTicket, true, 'a ticket older than the limit')
  t.equal(await storedCount(), before)
})

t.test('a filled honeypot looks accepted to the bot, but nothing is kept or mailed', async (t) => {
  const before = await storedCount()
  const mails = smtp.received.length
  const bot = await post({ ...FILLED, name: 'Bot', ticket: await readyTicket(), website: 'https://spam.example' })
  t.equal(bot.status, 202)
  t.equal(bot.json.message, MESSAGE_RECEIVED)
  t.equal(await storedCount(), before)
  // A later real message is mailed; had the bot's been, it would have arrived first.
  await post({ ...FILLED, name: 'After The Bot', ticket: await readyTicket() })
  const deadline = Date.now() + 5000
  while (smtp.received.length === mails && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  t.equal(smtp.received.length, mails + 1)
  t.match(smtp.received.at(-1)!.raw, /After The Bot/)
})

t.test('bad input is refused field by field, and nothing is kept', async (t) => {
  const before = await storedCount()
  const issued = await readyTicket()
  const cases: Array<[object, string, RegExp]> = [
    [{ ...FILLED, name: '  ' }, 'name', /Please enter your name/],
    [{ ...FILLED, email: 'nobody' }, 'email', /Invalid email address/],
    [{ ...FILLED, message: '' }, 'message', /Please enter a message/],
    [{ ...FILLED, message: 'x'.repeat(1501) }, 'message', /under 1500 characters/],
  ]
  for (const [body, field, message] of cases) {
    const answer = await post({ ...body, ticket: issued })
    t.equal(answer.status, 400)
    t.match(answer.json.validationErrors[field], message)
  }
  t.equal((await post({ ...FILLED })).status, 400, 'no ticket')
  t.equal(await storedCount(), before)
})

t.test('only admins read, mark and delete messages', async (t) => {
  const [message] = (await inbox()).messages
  const requests = [
    { method: 'GET' as const, url: '/api/admin/contact-messages' },
    { method: 'PUT' as const, url: `/api/admin/contact-messages/${message.id}/handled`, body: { handled: true } },
    { method: 'DELETE' as const, url: `/api/admin/contact-messages/${message.id}` },
  ]
  for (const request of requests) {
    t.equal((await call(app, request)).status, 401, `${request.method} signed out`)
    t.equal((await call(app, { ...request, headers: user.auth })).status, 403, `${request.method} as a candidate`)
  }
  t.ok((await inbox()).messages.some((m: { id: number }) => m.id === message.id), 'still there')
})

t.test('an admin marks a message answered (and back), and deletes it', async (t) => {
  const [message] = (await inbox('waiting')).messages
  const waitingBefore = (await inbox()).waiting
  const url = `/api/admin/contact-messages/${message.id}`
  const marked = await call(app, { method: 'PUT', url: `${url}/handled`, headers: admin.auth, body: { handled: true } })
  t.equal(marked.status, 200)
  t.match(marked.json.contactMessage, { id: message.id, handledBy: 'Inbox Admin', handledAt: String })
  t.notOk((await inbox('waiting')).messages.some((m: { id: number }) => m.id === message.id), 'no longer waiting')
  t.equal((await inbox()).waiting, waitingBefore - 1)
  const unmarked = await call(app, { method: 'PUT', url: `${url}/handled`, headers: admin.auth, body: { handled: false } })
  t.match(unmarked.json.contactMessage, { handledBy: null, handledAt: null })
  t.equal((await call(app, { method: 'PUT', url: `${url}/handled`, headers: admin.auth, body: { handled: 'yes' } })).status, 400)
  t.equal((await call(app, { method: 'DELETE', url, headers: admin.auth })).status, 200)
  t.equal((await call(app, { method: 'DELETE', url, headers: admin.auth })).status, 404, 'gone')
  t.equal((await call(app, { method: 'PUT', url: `${url}/handled`, headers: admin.auth, body: { handled: true } })).status, 404)
  t.equal((await call(app, { method: 'DELETE', url: '/api/admin/contact-messages/abc', headers: admin.auth })).status, 400)
  t.equal((await call(app, { method: 'GET', url: '/api/admin/contact-messages?show=some', headers: admin.auth })).status, 400)
})

t.test('a mail server that is down loses no message: it waits in the inbox', async (t) => {
  const down = await testApp({ smtpUrl: 'smtp://127.0.0.1:9', siteLinks }, { clock: clock.now, setAlarm: clock.setAlarm })
  t.teardown(() => down.close())
  const downAdmin = await signedInUser(down, { role: 'ADMIN' })
  const issued = (await call(down.app, { method: 'GET', url: '/api/contact/ticket' })).json.ticket
  await clock.advance(CONTACT_MIN_FILL_SECONDS * 1000)
  t.equal((await post({ ...FILLED, ticket: issued }, down.app)).status, 202)
  const listed = await call(down.app, { method: 'GET', url: '/api/admin/contact-messages', headers: downAdmin.auth })
  t.equal(listed.json.messages.length, 1)
})

t.test('five messages an hour from one address, then a clear refusal', async (t) => {
  const limited = await testApp({ rateLimits: true, siteLinks: { ...siteLinks, contactEmail: null } }, { clock: clock.now, setAlarm: clock.setAlarm })
  t.teardown(() => limited.close())
  const issued = (await call(limited.app, { method: 'GET', url: '/api/contact/ticket' })).json.ticket
  await clock.advance(HOUR / 60)
  for (let i = 0; i < 5; i += 1) t.equal((await post({ ...FILLED, ticket: issued }, limited.app)).status, 202)
  const sixth = await post({ ...FILLED, ticket: issued }, limited.app)
  t.equal(sixth.status, 429)
  t.match(sixth.json.error, /Too many attempts\. Please wait \d+ seconds/)
})
