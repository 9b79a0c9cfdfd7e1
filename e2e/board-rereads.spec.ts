import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, newPlayer, sessionByApi } from './session-helpers.ts'

/**
 * An open board reads itself again on the live notices of a moment together (issue 30, item 6): one account
 * changing its partner settings 30 times in a row made 30 reads on every open board page.
 */
test('thirty board notices in a row make a few reads of the board, and the last change still shows', async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const [reader, saver, host] = await Promise.all(['reader', 'saver', 'host'].map((label) => newPlayer(browser, request, label)))
  await reader.page.goto('/partners')
  await expect(reader.page.getByText('No sessions match right now.').or(reader.page.getByRole('listitem').first())).toBeVisible()
  // Reads counted from here: the page's own first read is done.
  let reads = 0
  reader.page.on('request', (sent) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname === '/api/board') reads += 1
  })

  for (let n = 0; n < 30; n += 1) {
    const saved = await request.put('/api/profile/partners', {
      headers: { Authorization: `Bearer ${saver.token}` },
      data: { examMonth: null, timeZone: 'Europe/London', hiddenFromBoard: n % 2 === 0 },
    })
    expect(saved.status()).toBe(200)
  }
  const code = await sessionByApi(host, topic.name, [])
  await host.post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 1 })
  await expect(reader.page.getByRole('listitem').filter({ hasText: host.account.name })).toBeVisible()
  expect(reads, 'one read per moment of notices, not one per notice').toBeLessThan(8)
  await closeAll([reader, saver, host])
})
