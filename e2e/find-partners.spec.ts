import { expect, newAccount, noHorizontalScroll, registerAccount, signInAs, test } from './fixtures.ts'
import { closeAll, createTopic, newPlayer, roomUrl, sessionByApi } from './session-helpers.ts'

/**
 * Find Partners (issue 20) in real browsers: one candidate lists a session from its configure page, two others
 * find it on the board and take its seats with one click each; every open board follows live, so a taken seat
 * disappears for everyone. The session's invite link opens its role page after sign-in.
 */
test('a host lists a session and two candidates find it on the board and join from there', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 2)
  const [host, patient, observer] = await Promise.all(['host', 'patient', 'observer'].map((label) => newPlayer(browser, request, label)))
  const code = await sessionByApi(host, topic.name, [])

  // The host lists the session from its configure page: now, a patient and one observer, with a note.
  await host.page.goto(`/session/${code}/configure`)
  const listing = host.page.getByRole('form', { name: 'List on Find Partners' })
  await listing.getByLabel('Note (optional)').fill('Friendly evening practice, <i>all welcome</i>')
  await listing.getByRole('button', { name: 'List on Find Partners' }).click()
  await expect(listing.getByRole('status')).toContainText('Listed on Find Partners')

  // Both candidates open the board from the navigation and see the listing, with its note as plain text.
  for (const player of [patient, observer]) {
    await player.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Partners' }).click()
    await expect(player.page).toHaveURL(/\/partners$/)
  }
  const cardOf = (player: typeof patient) => player.page.getByRole('listitem').filter({ hasText: host.account.name })
  await expect(cardOf(patient)).toContainText(topic.name)
  await expect(cardOf(observer)).toContainText('Friendly evening practice, <i>all welcome</i>')
  await expect(cardOf(observer)).toContainText('Now: the room is open')
  await expect(cardOf(observer)).not.toContainText('@example.com')

  // One click takes the patient seat and opens the room; on the other board that seat disappears by itself.
  await cardOf(patient).getByRole('button', { name: 'Take patient seat' }).click()
  await expect(patient.page).toHaveURL(new RegExp(`${roomUrl(code)}$`))
  await expect(cardOf(observer).getByRole('button', { name: 'Take patient seat' })).toHaveCount(0)
  await cardOf(observer).getByRole('button', { name: 'Take observer seat' }).click()
  await expect(observer.page).toHaveURL(new RegExp(`${roomUrl(code)}$`))
  await expect(observer.page.getByText(patient.account.name).first()).toBeVisible()

  // Full now: the host's own board no longer shows it.
  // (Other tests list sessions on the same board at the same time: look for this host's card only.)
  await host.page.goto('/partners')
  await expect(host.page.getByText('No sessions match right now.').or(host.page.getByRole('list', { name: 'Listed sessions' }))).toBeVisible()
  await expect(cardOf(host)).toHaveCount(0)
  await closeAll([host, patient, observer])
})

test("a session's invite link opens its role page after sign-in", async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const host = await newPlayer(browser, request, 'host')
  const guest = await newPlayer(browser, request, 'guest')
  const code = await sessionByApi(host, topic.name, [])
  await host.page.goto(`/session/${code}/configure`)
  await host.page.getByRole('button', { name: /Copy invite link/ }).click()
  const link = await host.page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(new RegExp(`/session/${code}/role$`))

  const visitor = await browser.newContext()
  const page = await visitor.newPage()
  await page.goto(link)
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(guest.account.email)
  await page.getByLabel('Password').fill(guest.account.password)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(new RegExp(`/session/${code}/role$`))
  await visitor.close()
  await closeAll([host, guest])
})

test('the board, the listing form and the partner settings fit a 360 px phone', async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const host = await newPlayer(browser, request, 'phone-host', { width: 360, height: 740 })
  const code = await sessionByApi(host, topic.name, [])
  await host.page.goto(`/session/${code}/configure`)
  const listing = host.page.getByRole('form', { name: 'List on Find Partners' })
  await listing.getByRole('radio', { name: 'At a planned time' }).check()
  await expect(listing.getByLabel(/Date and time/)).toBeVisible()
  await noHorizontalScroll(host.page)
  await closeAll([host])

  // A browser in Karachi: the profile proposes its zone until the user saves one.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, timezoneId: 'Asia/Karachi' })
  const page = await context.newPage()
  await signInAs(page, request, await registerAccount(request, newAccount('karachi')), '/profile')
  const settings = page.getByRole('form', { name: 'Find Partners settings' })
  await expect(settings.getByLabel('Time zone (detected from this browser)')).toHaveValue('Asia/Karachi')
  await settings.getByLabel('Exam month (optional)').fill('2027-02')
  await settings.getByRole('button', { name: 'Save partner settings' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Partner settings saved' })).toBeVisible()
  await expect(settings.getByLabel('Time zone', { exact: true })).toHaveValue('Asia/Karachi')
  await noHorizontalScroll(page)
  await page.goto('/partners')
  await expect(page.getByRole('checkbox', { name: 'Exam month near mine', exact: true })).toBeEnabled()
  await expect(page.getByText('shown in your time zone (Asia/Karachi).')).toBeVisible()
  await noHorizontalScroll(page)
  await context.close()
})
