import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { callLaunchOptions } from './call-helpers.ts'
import { expect, newAccount, registerAccount, signInAs, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { createTopic } from './session-helpers.ts'

test.use({ launchOptions: callLaunchOptions })

/** Every request body the page sent, to show that no recording left the device. */
function watchUploads(page: Page) {
  const sent: Array<{ url: string; bytes: number; type: string }> = []
  page.on('request', (request: Request) => {
    const body = request.postDataBuffer()
    sent.push({ url: request.url(), bytes: body?.length ?? 0, type: request.headers()['content-type'] ?? '' })
  })
  return sent
}

/**
 * Issue 34 with Chromium's fake camera and microphone: a solo station of a five-minute consultation (the shortest
 * offered) runs on its own clock with the two-minute warning, records on the device a file of the consultation's
 * length, shows the script and checklist only afterwards, and the candidate's marks reach Progress as self-marked.
 */
test('a solo station records the consultation on this device, then reveals the case to mark', async ({ page, request }) => {
  test.setTimeout(8 * 60_000)
  const topic = await createTopic(request, 1, { station: true })
  const [station] = topic.cases
  await signInAs(page, request, await registerAccount(request, newAccount('solo')), '/dashboard')
  const uploads = watchUploads(page)
  await page.getByRole('link', { name: 'Practise alone' }).click()
  await page.getByRole('radio', { name: 'A topic' }).check()
  await page.getByRole('combobox', { name: 'Topic' }).selectOption(topic.name)
  await page.getByRole('combobox', { name: 'Reading time' }).selectOption({ label: '1 minute' })
  await page.getByRole('combobox', { name: 'Consultation time' }).selectOption({ label: '5 minutes' })
  await expect(page.getByRole('radio', { name: 'Camera and microphone' })).toBeChecked()
  await page.getByRole('button', { name: 'Start the station' }).click()

  await expect(page.getByRole('heading', { name: 'Read the candidate’s instructions' })).toBeVisible()
  await expect(page.getByText(station.doctorBrief)).toBeVisible()
  await expect(page.getByText('Recording starts with the station, on this device only.')).toBeVisible()
  for (const secret of [station.title, station.patientScript, 'Takes a pain history', 'Your father died']) await expect(page.getByText(secret)).toHaveCount(0)
  await page.getByRole('button', { name: 'Start the station now' }).click()

  await expect(page.getByRole('heading', { name: 'In the station: speak the consultation aloud' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /Recording \d+:\d\d/ })).toBeVisible()
  await expect(page.getByText('Takes a pain history')).toHaveCount(0)
  await expect(page.getByText('2 minutes left', { exact: true })).toBeVisible({ timeout: 3.5 * 60_000 })
  await expect(page.getByRole('heading', { name: 'The station is over: watch, then mark yourself' })).toBeVisible({ timeout: 2.5 * 60_000 })

  // The script and checklist now, and the recording: playable, about the consultation's five minutes.
  await expect(page.getByText(station.patientScript)).toBeVisible()
  const video = page.getByRole('region', { name: 'Watch yourself back' }).locator('video')
  await expect(video).toBeVisible()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(290)
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(310)
  await video.evaluate((v: HTMLVideoElement) => new Promise((resolve) => {
    v.addEventListener('seeked', resolve, { once: true })
    v.currentTime = 75
  }))
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth > 0, v.readyState >= 2])).toEqual([true, true])

  // A checklist mark made while the recording shows 1:15 sits there on its timeline.
  await page.getByRole('radio', { name: 'Done' }).first().check()
  await expect(page.getByRole('list', { name: 'Marks in time order' }).getByRole('button', { name: /^1:15 Takes a pain history: Done$/ })).toBeVisible()
  await page.getByRole('button', { name: 'Use my checklist marks as the scores' }).click()
  await page.getByRole('radio', { name: 'Explains the plan: 2 of 4' }).check()
  await page.getByRole('radio', { name: 'Builds rapport: 3 of 4' }).check()
  await page.getByRole('button', { name: 'Submit Marks' }).click()
  await expect(page.getByText('As the observer, give a global judgement')).toBeVisible()
  await page.getByRole('radio', { name: /^Satisfactory/ }).check()
  await page.getByRole('button', { name: 'Submit Marks' }).click()
  await expect(page.getByText(/Your marks are saved/)).toBeVisible()
  await expect(page.getByText('Your self-marked result: Data gathering A, Clinical management C, Interpersonal B; station score 9 of 12; judgement Satisfactory.')).toBeVisible()
  await page.setViewportSize({ width: 360, height: 740 })
  await nothingOffScreenSideways(page)
  expect(await axeViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Open My progress' }).click()
  const selfMarked = page.getByRole('region', { name: 'Practised alone (self-marked)' })
  await expect(selfMarked).toContainText('1 self-marked station')
  await expect(selfMarked.getByRole('row', { name: new RegExp(station.title) })).toContainText('Satisfactory')

  await page.goto('/recordings')
  const item = page.getByRole('listitem').filter({ hasText: station.title })
  await expect(item).toContainText(/5:0\d|4:5\d/)
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: /Download/ }).click()])
  expect(download.suggestedFilename()).toMatch(/^plab2-practice-\d{4}-\d{2}-\d{2}-.+\.webm$/)
  const file = readFileSync((await download.path())!)
  expect(file.subarray(0, 4).toString('hex')).toBe('1a45dfa3')
  expect(file.length).toBeGreaterThan(100_000)
  await item.getByRole('button', { name: /Delete/ }).click()
  await expect(page.getByRole('status').filter({ hasText: `Deleted "${station.title}"` })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: station.title })).toHaveCount(0)

  // Nothing of it went to the server: the largest body sent was a few kilobytes of marks.
  expect(uploads.filter((upload) => /video|audio|octet-stream|multipart/.test(upload.type))).toEqual([])
  expect(Math.max(...uploads.map((upload) => upload.bytes))).toBeLessThan(20_000)
})

test('without a camera the station records sound only; without a recorder it runs unrecorded; a full disk stops the recording, not the station', async ({ page, request }) => {
  await createTopic(request, 1, { station: true })
  await page.addInitScript(() => {
    const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
    navigator.mediaDevices.getUserMedia = (constraints) =>
      constraints?.video ? Promise.reject(new DOMException('refused', 'NotAllowedError')) : ask(constraints)
    if (location.search.includes('no-recorder')) Object.defineProperty(window, 'MediaRecorder', { value: undefined })
    // A disk that fills after two seconds of recording.
    if (location.search.includes('disk-full')) {
      const put = IDBObjectStore.prototype.put
      let chunks = 0
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (this.name === 'chunks' && ++chunks > 2) throw new DOMException('The disk is full', 'QuotaExceededError')
        return put.apply(this, args)
      }
    }
  })
  await signInAs(page, request, await registerAccount(request, newAccount('solo-limits')), '/practise-alone')
  await page.getByRole('button', { name: 'Start the station' }).click()
  await expect(page.getByText('The camera was refused or is missing: this station records sound only.')).toBeVisible()
  await page.getByRole('button', { name: 'Start the station now' }).click()
  await expect(page.getByRole('status').filter({ hasText: /Recording \d+:\d\d/ })).toBeVisible()
  await page.goto(`${page.url()}?no-recorder`)
  await expect(page.getByText(/cannot record.*The station runs without a recording\./)).toBeVisible()
  await expect(page.getByRole('timer')).toBeVisible()
  await page.goto(page.url().replace('no-recorder', 'disk-full'))
  await expect(page.getByText(/This device has no space left for the recording\. It stopped at 0:0\d; what was recorded until then is kept\./)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('timer')).toBeVisible()
})
