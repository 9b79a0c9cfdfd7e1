import type { Locator, Page } from '@playwright/test'
import { openAdmin } from './admin-helpers.ts'
import { expect, newAccount, noHorizontalScroll, registerAccount, screenshot, signInAs, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, newPlayer, roomUrl, sessionByApi } from './session-helpers.ts'

/** Issue 12, item 8: what a phone user with assistive technology still met after the first pass. */

const PHONE = { width: 360, height: 740 }
test.use({ viewport: PHONE })

/** The levels of the headings on screen, in reading order (axe's heading-order rule: never more than one down). */
async function headingLevels(page: Page): Promise<number[]> {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) =>
    headings.filter((heading) => heading.getClientRects().length > 0).map((heading) => Number(heading.tagName[1])),
  )
}

async function expectHeadingsInOrder(page: Page) {
  const levels = await headingLevels(page)
  expect(levels[0], `levels ${levels}`).toBe(1)
  for (const [index, level] of levels.entries()) {
    if (index > 0) expect(level, `heading ${index + 1} of levels ${levels}`).toBeLessThanOrEqual(levels[index - 1] + 1)
  }
}

/** Wholly on screen, as the page is now: nothing clips it and nobody has to scroll to it. */
async function expectFullyInView(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 })
}

test('the account button is named starting with the initials it shows', async ({ page, request }) => {
  const account = await registerAccount(request, { ...newAccount(), name: 'Priya Nair' })
  await signInAs(page, request, account, '/profile')
  const button = page.getByRole('button', { name: /Account menu for Priya Nair/ })
  await expect(button).toHaveText('PN')
  await expect(button).toHaveAccessibleName(/^PN\b/)
})

test('case notes headings go down one level at a time, and Topic Completed keeps End Session in view', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 1)
  // More topics than fit a phone's screen as buttons (the database may hold other tests' topics too).
  for (let index = 0; index < 11; index++) await createTopic(request, 1)
  const doctor = await newPlayer(browser, request, 'doctor', PHONE)
  const patient = await newPlayer(browser, request, 'patient', PHONE)
  const code = await sessionByApi(doctor, topic.name, [[patient, 'patient']])
  await doctor.post(`/sessions/${code}/start`)
  for (const player of [doctor, patient]) await player.page.goto(roomUrl(code))

  const d = doctor.page
  const p = patient.page
  await expectPhase(d, 'Reading')
  await expect(d.getByText(topic.cases[0].doctorBrief)).toBeVisible()
  await expect(p.getByText(topic.cases[0].patientScript)).toBeVisible()
  // The doctor's notes have no title (it would give the diagnosis away); the patient's have one.
  await expectHeadingsInOrder(d)
  await expectHeadingsInOrder(p)

  await d.getByRole('button', { name: 'New Case' }).click()
  const dialog = d.getByRole('dialog', { name: 'Topic Completed' })
  await expect(dialog.getByRole('listitem')).not.toHaveCount(0)
  expect(await dialog.getByRole('listitem').count()).toBeGreaterThanOrEqual(11)
  await screenshot(d, 'topic-completed-360')
  await expectFullyInView(dialog.getByRole('heading', { name: 'Topic Completed' }))
  await expectFullyInView(dialog.getByRole('button', { name: 'End Session' }))
  // The topics scroll between the two, and a keyboard user reaches the last one.
  const lastTopic = dialog.getByRole('listitem').last().getByRole('button')
  await lastTopic.focus()
  await expectFullyInView(lastTopic)
  await expectFullyInView(dialog.getByRole('button', { name: 'End Session' }))
  await closeAll([doctor, patient])
})

test('the admin lists show every row action on a phone, tables still tables', async ({ page, request }) => {
  await registerAccount(request)
  await createTopic(request, 1)
  await openAdmin(page, request)
  for (const [tab, table] of [
    ['User Management', 'Users'],
    ['Categories', null],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click()
    const rows = (table ? page.getByRole('table', { name: table }) : page.getByRole('table')).getByRole('row')
    await expect(rows.nth(1)).toBeVisible()
    await noHorizontalScroll(page)
    await screenshot(page, `admin-${tab.toLowerCase().replace(' ', '-')}-360`)
    // The admin's own row offers no Delete (nobody deletes themselves), so the first row that does.
    const firstRow = rows.filter({ has: page.getByRole('button', { name: /^Delete / }) }).first()
    await expect(firstRow.getByRole('cell')).not.toHaveCount(0)
    // Scrolled down to the row, as a reader would; never sideways to its Delete button.
    await firstRow.scrollIntoViewIfNeeded()
    await expectFullyInView(firstRow.getByRole('button', { name: /^Delete / }))
  }
  await page.getByRole('tab', { name: 'Cases' }).click()
  const caseDelete = page.getByRole('button', { name: /^Delete / }).first()
  await caseDelete.evaluate((button) => button.parentElement?.scrollIntoView({ block: 'center', inline: 'start' }))
  await expectFullyInView(caseDelete)
})
