import { wallTimeIn } from '../schemas/time-zones.ts'
import { expect, noHorizontalScroll, test } from './fixtures.ts'
import { waitForMail } from './mailbox.ts'
import { closeAll, createTopic, newPlayer, sessionByApi } from './session-helpers.ts'

/**
 * A planned practice across two time zones on 360 px phones (issue 30, items 5 and 8). The host's profile says
 * Asia/Karachi while their browser runs on UTC; the guest's browser is in New York and their profile names no
 * zone. Times are entered and shown in the profile's zone, else the browser's, in the browser's language; a
 * booked seat is shown as booked; the host is told, asked before cancelling, and the guest's calendar told.
 */
const phone = { width: 360, height: 740 }
const DAY = 86_400_000

test('a slot planned at 20:00 Karachi time reads 20:00 GMT+5 to its host and 10:00 AM EST to a guest in New York', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const host = await newPlayer(browser, request, 'karachi-host', phone, { timezoneId: 'UTC', locale: 'en-GB' })
  const guest = await newPlayer(browser, request, 'newyork-guest', phone, { timezoneId: 'America/New_York', locale: 'en-US' })
  const saved = await request.put('/api/profile/partners', {
    headers: { Authorization: `Bearer ${host.token}` },
    data: { examMonth: null, timeZone: 'Asia/Karachi', hiddenFromBoard: false },
  })
  expect(saved.ok()).toBe(true)
  const code = await sessionByApi(host, topic.name, [])

  // The field speaks the profile's zone; a time gone by there is refused in our words, not the browser's.
  await host.page.goto(`/session/${code}/configure`)
  const form = host.page.getByRole('form', { name: 'List on Find Partners' })
  await form.getByRole('radio', { name: 'At a planned time' }).check()
  const field = form.getByLabel('Date and time in Asia/Karachi (at most 30 days ahead)')
  const karachiDay = (offset: number) => wallTimeIn(Date.now() + offset * DAY, 'Asia/Karachi').slice(0, 10)
  await expect(field).toHaveAttribute('min', new RegExp(`^${wallTimeIn(Date.now(), 'Asia/Karachi').slice(0, 13)}:`), { timeout: 1000 })
  await field.fill(`${karachiDay(-1)}T20:00`)
  await form.getByRole('button', { name: 'List on Find Partners' }).click()
  await expect(form.getByRole('alert')).toHaveText(/^Choose a time to come: it is now .+ GMT\+5 in Asia\/Karachi$/)
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await field.fill(`${karachiDay(2)}T20:00`)
  await form.getByRole('button', { name: 'List on Find Partners' }).click()
  await expect(form.getByRole('status')).toContainText('Listed on Find Partners')
  await noHorizontalScroll(host.page)

  // The guest in New York sees the time in their browser's zone and language, and books the patient seat.
  await guest.page.goto('/partners')
  const guestCard = guest.page.getByRole('listitem').filter({ hasText: host.account.name })
  await expect(guestCard).toContainText(/10:00\sAM EST/)
  await expect(guestCard).toContainText('Patient free')
  await guestCard.getByRole('button', { name: 'Take patient seat' }).click()
  await expect(guest.page.getByRole('status').filter({ hasText: 'Seat booked' })).toBeVisible()
  await expect(guestCard).toContainText('You are booked as Patient')
  await expect(guestCard.getByRole('button')).toHaveCount(0)
  await noHorizontalScroll(guest.page)

  // The host hears of it by mail; their board shows the time in Karachi, the seat taken and by whom.
  await expect.poll(async () => (await waitForMail(host.account.email)).raw, { timeout: 10_000 }).toMatch(/booked a seat/)
  await host.page.goto('/partners')
  const hostCard = host.page.getByRole('listitem').filter({ hasText: host.account.name })
  await expect(hostCard).toContainText('20:00 GMT+5')
  await expect(hostCard).toContainText('Patient taken')
  await expect(hostCard).toContainText(`${guest.account.name} (patient)`)
  await noHorizontalScroll(host.page)

  // Dashboards say the planned time: the host's in Karachi, named (not the device's zone); the guest's in New York.
  await host.page.goto('/dashboard')
  await expect(host.page.getByRole('listitem').filter({ hasText: 'Planned for' })).toContainText('20:00 GMT+5')
  await guest.page.goto('/dashboard')
  const guestSlot = guest.page.getByRole('listitem').filter({ hasText: 'Planned for' })
  await expect(guestSlot).toContainText(/10:00\sAM/)
  await expect(guestSlot).not.toContainText('EST')
  await noHorizontalScroll(guest.page)

  // Joining another session keeps the slot, and the join page says so.
  await guest.page.goto('/session/join')
  await expect(guest.page.getByText(/planned for .*10:00\sAM.*Joining another session keeps your place in it\./)).toBeVisible()

  // Cancelling asks first, naming who booked; the guest's mail carries the calendar's cancellation.
  await host.page.goto('/partners')
  await hostCard.getByRole('button', { name: 'Cancel listing' }).click()
  const dialog = host.page.getByRole('dialog', { name: 'Cancel this practice?' })
  await expect(dialog).toContainText(`${guest.account.name} (patient) is told by email`)
  await noHorizontalScroll(host.page)
  await dialog.getByRole('button', { name: 'Cancel the practice' }).click()
  await expect(host.page.getByRole('status').filter({ hasText: 'Listing cancelled' })).toBeVisible()
  await expect.poll(async () => (await waitForMail(guest.account.email)).raw, { timeout: 10_000 }).toMatch(/text\/calendar; charset=utf-8; method=CANCEL/i)
  await closeAll([host, guest])
})
