import { wallTimeIn } from '../schemas/time-zones.ts'
import { expect, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { closeAll, newPlayer, type Player } from './session-helpers.ts'

/**
 * Partners who show up (issue 36) in real browsers, five hours apart: a candidate in London sets free hours on Find
 * Partners, finds one in Karachi free at the same time (written on both clocks), proposes a time that the other
 * accepts on My partners, and both see the planned session. The one in Karachi then blocks the one in London, who
 * no longer finds them.
 */
const DAY = 86_400_000
const EXAM_MONTH = '2027-03'

/** Tomorrow in London, as the editor's weekday (0 is Monday): a day whose free hours are all still to come. */
function tomorrowInLondon() {
  const date = wallTimeIn(Date.now() + DAY, 'Europe/London').slice(0, 10)
  const weekday = (new Date(`${date}T00:00Z`).getUTCDay() + 6) % 7
  return { date, weekday }
}

async function savePartnerSettings(request: Parameters<typeof newPlayer>[1], player: Player, timeZone: string) {
  const saved = await request.put('/api/profile/partners', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { examMonth: EXAM_MONTH, timeZone, hiddenFromBoard: false },
  })
  expect(saved.ok(), await saved.text()).toBe(true)
}

test('London and Karachi find each other from their free hours, agree a time, and a block ends the match', async ({ browser, request }) => {
  // About 35 s alone; slower when the machine is shared.
  test.setTimeout(90_000)
  const [london, karachi] = await Promise.all([
    newPlayer(browser, request, 'london', undefined, { timezoneId: 'Europe/London', locale: 'en-GB' }),
    newPlayer(browser, request, 'karachi', undefined, { timezoneId: 'Asia/Karachi', locale: 'en-GB' }),
  ])
  await Promise.all([savePartnerSettings(request, london, 'Europe/London'), savePartnerSettings(request, karachi, 'Asia/Karachi')])
  const { weekday } = tomorrowInLondon()
  // Karachi's evening, 20:00-23:00 there, is 15:00-18:00 in London on the same day.
  const hours = await request.put('/api/profile/hours', {
    headers: { Authorization: `Bearer ${karachi.token}` },
    data: { hours: [{ weekday, start: '20:00', end: '23:00' }] },
  })
  expect(hours.ok(), await hours.text()).toBe(true)

  // London enters 14:00-19:00 tomorrow in the editor; the matches are read again on saving.
  const page = london.page
  await page.goto('/partners')
  const editor = page.getByRole('form', { name: 'My free hours' })
  const day = editor.getByRole('group', { name: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][weekday] })
  await day.getByRole('button', { name: /^Add hours on / }).click()
  await day.getByLabel('From').selectOption('14:00')
  await day.getByLabel('to', { exact: true }).selectOption('19:00')
  await expect(editor.getByRole('status')).toHaveText('Unsaved changes')
  await editor.getByRole('button', { name: 'Save free hours' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Free hours saved' })).toBeVisible()

  const matches = page.getByRole('list', { name: 'Partners free when I am' })
  const karachiCard = matches.getByRole('listitem').filter({ has: page.getByRole('heading', { name: karachi.account.name }) })
  await expect(karachiCard).toContainText('Asia/Karachi')
  await expect(karachiCard).toContainText(/15:00–18:00 your time · 20:00–23:00 their time \(Asia\/Karachi\)/)
  expect(await axeViolations(page)).toEqual([])

  // The dialog starts at the first time both are free; another time is read on Karachi's clock as it is typed.
  await karachiCard.getByRole('button', { name: 'Propose a time' }).click()
  const dialog = page.getByRole('dialog', { name: `Propose a time to ${karachi.account.name}` })
  const when = dialog.getByLabel(/^Date and time in your zone, Europe\/London/)
  await expect(when).toHaveValue(/T15:00$/)
  await expect(dialog).toContainText(/15:00 your time = .+ 20:00 their time \(Asia\/Karachi\)/)
  await when.fill((await when.inputValue()).replace('T15:00', 'T16:30'))
  await expect(dialog).toContainText(/16:30 your time = .+ 21:30 their time \(Asia\/Karachi\)/)
  await dialog.getByLabel(`Note to ${karachi.account.name} (optional)`).fill('A history station, then swap?')
  await dialog.getByRole('button', { name: 'Propose this time' }).click()
  await expect(dialog).toBeHidden()
  await expect(karachiCard.getByRole('status')).toContainText(`Time proposed: ${karachi.account.name} answers by email and on My partners`)

  // Karachi answers on My partners, where the time reads on their clock first.
  await karachi.page.goto('/my-partners')
  const waiting = karachi.page.getByRole('list', { name: 'Waiting for your answer' }).getByRole('listitem').filter({ hasText: london.account.name })
  await expect(waiting).toContainText(/21:30 your time = .+ 16:30 their time \(Europe\/London\)/)
  await expect(waiting).toContainText('A history station, then swap?')
  await waiting.getByRole('button', { name: 'Accept' }).click()
  await expect(karachi.page.getByRole('status').filter({ hasText: `Accepted: ${london.account.name} is told` })).toBeVisible()

  // Both see it planned, with the way to its session.
  const plannedFor = (player: Player, other: Player) =>
    player.page.getByRole('list', { name: 'Answered in the last 30 days' }).getByRole('listitem').filter({ hasText: other.account.name })
  await expect(plannedFor(karachi, london)).toContainText('Planned')
  await page.goto('/my-partners')
  await expect(plannedFor(london, karachi)).toContainText(/You proposed to .+ 16:30 your time = .+ 21:30 their time \(Asia\/Karachi\)/)
  await expect(plannedFor(london, karachi)).toContainText('Planned')
  const link = plannedFor(london, karachi).getByRole('link', { name: 'Open the planned session' })
  const sessionPath = await link.getAttribute('href')
  expect(sessionPath).toMatch(/^\/session\/[^/]+\/role$/)
  await expect(plannedFor(karachi, london).getByRole('link', { name: 'Open the planned session' })).toHaveAttribute('href', sessionPath!)
  // Whoever a time was agreed with can be reported or blocked from it, named in each button.
  await expect(plannedFor(karachi, london).getByRole('button', { name: `Report ${london.account.name}`, exact: true })).toBeVisible()
  await expect(plannedFor(karachi, london).getByRole('button', { name: `Block ${london.account.name}`, exact: true })).toBeVisible()
  expect(await axeViolations(karachi.page)).toEqual([])
  await karachi.page.setViewportSize({ width: 360, height: 740 })
  await nothingOffScreenSideways(karachi.page)

  // Karachi blocks London from their card among the matches, after a confirmation.
  await karachi.page.goto('/partners')
  const londonCard = karachi.page.getByRole('list', { name: 'Partners free when I am' }).getByRole('listitem').filter({ hasText: london.account.name })
  await londonCard.getByRole('button', { name: 'Block' }).click()
  const confirm = karachi.page.getByRole('dialog', { name: `Block ${london.account.name}?` })
  await expect(confirm).toContainText('They are not told.')
  await confirm.getByRole('button', { name: 'Block' }).click()
  await expect(londonCard).toContainText(`You blocked ${london.account.name}.`)
  await expect(karachi.page.locator(':focus'), 'the focus stays where the Block button was').toHaveText(`You blocked ${london.account.name}.`)
  await expect(londonCard.getByRole('button', { name: `Report ${london.account.name}`, exact: true })).toBeVisible()

  // London no longer finds Karachi.
  await page.goto('/partners')
  await expect(page.getByText(/^Nobody's free hours overlap yours/)).toBeVisible()
  await expect(page.getByRole('heading', { name: karachi.account.name })).toHaveCount(0)
  await closeAll([london, karachi])
})
