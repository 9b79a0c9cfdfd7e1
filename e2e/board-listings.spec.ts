import { NO_PATIENT_SEAT_OFFERED } from '../schemas/board.ts'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, newPlayer, roomUrl, unique } from './session-helpers.ts'

/** A datetime-local value `days` ahead, in this machine's wall time (the browser's). */
const wallTimeIn = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000)
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/**
 * Issue 30, items 1, 2 and 4 in real browsers: a listing says what the session will be from the moment it is listed
 * and follows the host's later changes; the seats it offers hold on the role page (code and invite link) too.
 */
test('a listing shows the topic and timings chosen before listing, and follows later changes', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 2)
  const host = await newPlayer(browser, request, 'lister')
  const reader = await newPlayer(browser, request, 'reader')
  const h = host.page

  await h.goto('/session/create')
  await h.getByLabel('Session Title').fill(unique('Listed before start'))
  await h.getByRole('button', { name: 'Create Session' }).click()
  await expect(h).toHaveURL(/\/configure$/)
  await h.getByLabel('Add a topic').selectOption(topic.name)
  await h.getByRole('button', { name: 'Add', exact: true }).click()
  await h.getByRole('group', { name: 'Reading time' }).getByRole('radio', { name: '5 min', exact: true }).check()
  const listing = h.getByRole('form', { name: 'List on Find Partners' })
  await listing.getByRole('button', { name: 'List on Find Partners' }).click()
  await expect(listing.getByText('Listed on Find Partners')).toBeVisible()

  await reader.page.goto('/partners')
  const card = reader.page.getByRole('listitem').filter({ hasText: host.account.name })
  await expect(card).toContainText(topic.name)
  await expect(card).not.toContainText('Random')
  await expect(card).toContainText(/5 minutes reading, [\d.]+ minutes consultation \(countdown\)/)

  // The host changes the settings after listing: saved as they settle, and the open board follows live.
  await h.getByRole('group', { name: 'Reading time' }).getByRole('radio', { name: '3 min', exact: true }).check()
  await h.getByRole('group', { name: 'Consultation timer' }).getByRole('radio', { name: 'Stopwatch' }).check()
  await expect(listing.getByRole('status').filter({ hasText: 'Saved: the board shows your new settings' })).toBeVisible()
  await expect(card).toContainText(/3 minutes reading, [\d.]+ minutes consultation \(stopwatch\)/)

  // Opened again, the page knows the session is listed: changes still reach the board.
  await h.reload()
  await expect(listing.getByText('Listed on Find Partners: listing again changes its terms.')).toBeVisible()
  await h.getByRole('group', { name: 'Reading time' }).getByRole('radio', { name: '5 min', exact: true }).check()
  await expect(listing.getByRole('status').filter({ hasText: 'Saved: the board shows your new settings' })).toBeVisible()
  await expect(card).toContainText(/5 minutes reading, [\d.]+ minutes consultation \(stopwatch\)/)
  await closeAll([host, reader])
})

test('joining by code or invite link into a seat the listing does not offer is refused on the role page', async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const host = await newPlayer(browser, request, 'observers-only')
  const guest = await newPlayer(browser, request, 'by-code')
  const { sessionCode: code } = (await host.post('/sessions', { title: unique('Observers only') })) as { sessionCode: string }
  await host.post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: [topic.name], readingTime: 1, consultationTime: 5, timingType: 'COUNTDOWN', recallDate: '' })
  await host.post('/board/listings', { sessionCode: code, patientSeat: false, observerSeats: 1 })

  const g = guest.page
  await g.goto(`/session/${code}/role`)
  await g.getByRole('radio', { name: /Patient/ }).check()
  await g.getByRole('button', { name: 'Join Session' }).click()
  await expect(g.getByText(NO_PATIENT_SEAT_OFFERED)).toBeVisible()
  await expect(g).toHaveURL(new RegExp(`/session/${code}/role$`))
  await closeAll([host, guest])
})

test('a host plans a session for later and keeps the one listed now; a room left from another tab says why', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 2)
  const host = await newPlayer(browser, request, 'two-listings')
  const reader = await newPlayer(browser, request, 'two-reader')
  const { sessionCode: now } = (await host.post('/sessions', { title: unique('Open now') })) as { sessionCode: string }
  await host.post(`/sessions/${now}/configure`, { sessionType: 'TOPIC', selectedTopics: [topic.name], readingTime: 1, consultationTime: 5, timingType: 'COUNTDOWN', recallDate: '' })
  await host.post('/board/listings', { sessionCode: now, patientSeat: true, observerSeats: 1 })
  const oldTab = host.page
  await oldTab.goto(roomUrl(now))
  await expectPhase(oldTab, 'Waiting')

  // In another tab: the create page says that going on would end the open room and its listing, and offers not to.
  const h = await host.context.newPage()
  await h.goto('/session/create')
  await expect(h.getByRole('status').filter({ hasText: 'You are in' })).toContainText('Starting this session leaves it: it ends, and so does any listing of it on Find Partners.')
  await h.getByLabel('Session Title').fill(unique('Planned for tomorrow'))
  await h.getByRole('checkbox', { name: 'I am planning this session for later: keep the one I am in' }).check()
  await h.getByRole('button', { name: 'Create Session' }).click()
  await expect(h).toHaveURL(/\/configure$/)
  await expect(h.getByRole('note')).toContainText('Starting this one, or listing it on Find Partners for now, leaves the other.')
  const listing = h.getByRole('form', { name: 'List on Find Partners' })
  await listing.getByRole('radio', { name: 'At a planned time' }).check()
  await listing.getByLabel(/Date and time/).fill(wallTimeIn(1))
  await listing.getByRole('button', { name: 'List on Find Partners' }).click()
  await expect(listing.getByText('Listed on Find Partners')).toBeVisible()

  await reader.page.goto('/partners')
  const cards = reader.page.getByRole('listitem').filter({ hasText: host.account.name })
  await expect(cards).toHaveCount(2)
  await expect(cards.filter({ hasText: 'Now: the room is open' })).toHaveCount(1)
  await expectPhase(oldTab, 'Waiting')

  // An ordinary create leaves the open room: the tab still in it says why.
  await h.goto('/session/create')
  await h.getByLabel('Session Title').fill(unique('Something else'))
  await h.getByRole('button', { name: 'Create Session' }).click()
  await expect(h).toHaveURL(/\/configure$/)
  await expect(oldTab.getByText('Session ended: you left it to create or join another session')).toBeVisible()
  await closeAll([host, reader])
})
