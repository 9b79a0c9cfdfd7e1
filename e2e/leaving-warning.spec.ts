import type { Page } from '@playwright/test'
import { expect, noHorizontalScroll, screenshot, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, newPlayer, roomUrl, sessionByApi } from './session-helpers.ts'

/** Issue 12: creating or joining a session silently left the one the user was in, ending it for the others. */

const warning = (page: Page) => page.getByRole('status').filter({ hasText: 'You are in' })

/** Opens the page and waits for its read of the user's sessions, so an absent warning is an answer, not a delay. */
async function openAfterSessionsRead(page: Page, path: string) {
  const read = page.waitForResponse((response) => response.url().endsWith('/api/sessions/user/active'))
  await page.goto(path)
  expect((await read).ok()).toBe(true)
}

test('the create and join pages say which session going on would leave, and link back to it', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient', { width: 360, height: 740 })
  const d = doctor.page
  const p = patient.page

  // In no session: no warning on either page.
  for (const path of ['/session/create', '/session/join']) {
    await openAfterSessionsRead(d, path)
    await expect(d.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(warning(d)).toHaveCount(0)
  }

  const code = await sessionByApi(doctor, topic.name, [[patient, 'patient']])
  const title = ((await (await request.get(`/api/sessions/${code}`, { headers: { Authorization: `Bearer ${doctor.token}` } })).json()) as { title: string }).title

  await openAfterSessionsRead(d, '/session/create')
  await expect(warning(d)).toContainText(`You are in '${title}' (Waiting) with ${patient.account.name}. Starting this session leaves it: it ends, and so does any listing of it on Find Partners.`)
  await expect(warning(d)).not.toContainText(patient.account.email)
  await d.getByRole('link', { name: `Back to '${title}'` }).click()
  await expect(d).toHaveURL(new RegExp(`${roomUrl(code)}$`))
  await d.getByRole('button', { name: 'Start Session' }).click()
  await expectPhase(d, 'Reading')

  // The partner, on the join page, is told the same about the doctor, in the phase the session has reached.
  await openAfterSessionsRead(p, '/session/join')
  await expect(warning(p)).toContainText(`You are in '${title}' (Reading) with ${doctor.account.name}. Joining another session leaves it: it ends, and so does any listing of it on Find Partners.`)
  await expect(warning(p)).not.toContainText(doctor.account.email)
  await expect(p.getByRole('link', { name: `Back to '${title}'` })).toHaveAttribute('href', roomUrl(code))
  await noHorizontalScroll(p)
  await screenshot(p, 'join-leaving-warning-360')
  await closeAll([doctor, patient])
})
