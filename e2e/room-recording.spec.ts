import type { Page } from '@playwright/test'
import { callLaunchOptions } from './call-helpers.ts'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, roomOfThree, roomUrl } from './session-helpers.ts'

test.use({ launchOptions: callLaunchOptions })

/** Everything a page sends to the server, by size: request bodies and live (websocket) frames. */
function watchWire(page: Page) {
  const sent: Array<{ what: string; bytes: number; type: string }> = []
  page.on('request', (request) => sent.push({ what: request.url(), bytes: request.postDataBuffer()?.length ?? 0, type: request.headers()['content-type'] ?? '' }))
  page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push({ what: `frame ${socket.url()}`, bytes: Buffer.byteLength(frame.payload), type: '' })))
  return sent
}

/**
 * The recording's length shown on the page, once it has reached `seconds` (under 10): any later length matches too,
 * since a slow machine may first look when the counter is well past it (CI saw 0:24 where 0:0[3-9] was awaited).
 */
const recordedAtLeast = (page: Page, seconds: number) =>
  page.getByText(new RegExp(`On this device: (0:0[${seconds}-9]|0:[1-5]\\d|[1-9]\\d*:\\d\\d)`))

/** How many recordings this browser keeps, and the longest one's length in ms, read from its own storage. */
const keptRecordings = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ count: number; longest: number }>((resolve, reject) => {
        const open = indexedDB.open('plab-recordings')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const all = open.result.transaction('recordings').objectStore('recordings').getAll()
          all.onsuccess = () => resolve({ count: all.result.length, longest: Math.max(0, ...all.result.map((r: { durationMs: number }) => r.durationMs)) })
        }
      }),
  )

/**
 * Issue 34 in three browsers: recording starts only once all three have accepted, every page then shows the red
 * indicator and the word Recording, one person's stop ends it on every page, each page keeps its own file, and no
 * recording crosses the wire (checked on every request and live frame each page sends).
 */
test('recording a room starts only when all three accept and stops for all at one stop, nothing uploaded', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 1, { station: true })
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  const [d, p, o] = [doctor.page, patient.page, observer.page]
  const wires = [d, p, o].map(watchWire)
  for (const page of [d, p, o]) await page.goto(roomUrl(code))
  await d.getByRole('button', { name: 'Join call' }).click()
  const indicator = (page: Page) => page.getByRole('region', { name: 'Session recording' }).getByRole('status').filter({ hasText: /^\s*Recording\s*$/ })

  await p.getByRole('button', { name: 'Ask to record' }).click()
  await expect(p.getByText(/Recording starts when .+ and .+ accept\./)).toBeVisible()
  for (const page of [d, o]) await expect(page.getByRole('alert').filter({ hasText: /asks to record this session\. Each person records only on their own device; nothing is uploaded\./ })).toBeVisible()
  await d.getByRole('button', { name: 'Accept recording' }).click()
  await expect(p.getByText(/Recording starts when .+ accepts\./)).toBeVisible()
  for (const page of [d, p, o]) await expect(indicator(page)).toHaveCount(0)

  await o.getByRole('button', { name: 'Accept recording' }).click()
  for (const page of [d, p, o]) {
    await expect(indicator(page)).toBeVisible()
    await expect(recordedAtLeast(page, 2)).toBeVisible({ timeout: 30_000 })
  }
  await p.getByRole('button', { name: 'Stop recording for everyone' }).click()
  for (const page of [d, p, o]) {
    await expect(indicator(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Ask to record' })).toBeVisible()
  }
  for (const page of [d, p, o]) {
    await expect.poll(async () => (await keptRecordings(page)).count, { timeout: 10_000 }).toBe(1)
    expect((await keptRecordings(page)).longest).toBeGreaterThan(1_500)
  }
  // On the wire: commands and live frames of a few kilobytes at most, never media.
  for (const sent of wires) {
    expect(sent.filter((item) => /video|audio|octet-stream|multipart/.test(item.type))).toEqual([])
    expect(Math.max(...sent.map((item) => item.bytes))).toBeLessThan(20_000)
  }
  await closeAll([doctor, patient, observer])
})

/** The doctor's own recording of a round plays in the debrief, with the examiner's marks where they were made. */
test("a round's recording plays back in the debrief with the checklist marks on its timeline", async ({ browser, request }) => {
  test.setTimeout(150_000)
  const topic = await createTopic(request, 2, { station: true })
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  const [d, p, o] = [doctor.page, patient.page, observer.page]
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  for (const page of [d, p, o]) {
    await page.goto(roomUrl(code))
    await expectPhase(page, 'Consultation')
  }
  await d.getByRole('button', { name: 'Ask to record' }).click()
  for (const page of [p, o]) await page.getByRole('button', { name: 'Accept recording' }).click()
  await expect(recordedAtLeast(d, 1)).toBeVisible({ timeout: 30_000 })
  const checklist = o.getByRole('region', { name: "Examiner's checklist: mark as you watch" })
  await checklist.getByRole('group', { name: /^Takes a pain history/ }).getByRole('radio', { name: 'Partly' }).check()
  await expect(recordedAtLeast(d, 3)).toBeVisible({ timeout: 15_000 })
  await d.getByRole('button', { name: 'Stop recording for everyone' }).click()
  await expect(d.getByRole('button', { name: 'Ask to record' })).toBeVisible()

  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  for (const page of [p, o]) await expectPhase(page, 'Feedback')
  for (const label of ['Takes a pain history', 'Explains the plan', 'Builds rapport']) {
    await p.getByRole('radio', { name: `${label}: 2 of 4` }).check()
    await o.getByRole('radio', { name: `${label}: 2 of 4` }).check()
  }
  await o.getByRole('radio', { name: /^Borderline/ }).check()
  await o.getByRole('checkbox', { name: /^Issues/ }).check()
  await o.getByRole('button', { name: /^Submit/ }).first().click()
  await p.getByRole('button', { name: 'Submit & New Case' }).click()
  await expectPhase(d, 'Reading')

  const [debrief] = await Promise.all([doctor.context.waitForEvent('page'), d.getByRole('link', { name: /^Round 1: / }).click()])
  const recording = debrief.getByRole('region', { name: 'Your recording of this station' })
  await expect(recording.locator('video')).toBeVisible()
  await expect(recording.getByRole('list', { name: 'Marks in time order' })).toContainText(/\d:\d\d .*Takes a pain history: Partly/)
  await closeAll([doctor, patient, observer])
})
