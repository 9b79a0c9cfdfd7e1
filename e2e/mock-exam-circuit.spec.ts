import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { request as apiRequest, type Page } from '@playwright/test'
import { startServerProcess, type ServerProcess } from '../test/helpers/server-process.ts'
import { expect, newAccount, registerAccount, signInAs, test } from './fixtures.ts'
import { roomUrl } from './session-helpers.ts'

/**
 * Issue 33's whole circuit in three browsers: after the host's Start nobody presses a button, the server is killed
 * in the middle and started again, and the candidate's result sheet shows the marks the examiner gave. The server
 * runs on its own, its sessions' clock 20 times faster (SESSION_CLOCK_SPEED, for tests only), so 4 stations of
 * 1 + 5 minutes with a 2-minute change-over take about 100 seconds.
 */
const SPEED = 20
const STATION_SCORES = [4, 2, 3, null] as const

test('a 4-station mock runs by itself through a server restart, and the sheet shows the marks given', async ({ browser }) => {
  test.setTimeout(300_000)
  const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'plab-mock-')), SEED_DEMO: 'true', RATE_LIMITS: 'off', SESSION_CLOCK_SPEED: String(SPEED), SESSION_CLOCK_EPOCH: String(Date.now()) }
  let server: ServerProcess = await startServerProcess(env, 'built')
  const port = Number(new URL(server.baseUrl).port)
  const api = await apiRequest.newContext({ baseURL: server.baseUrl })
  try {
    const people = await Promise.all(
      ['host', 'patient', 'observer'].map(async (label) => {
        const account = await registerAccount(api, newAccount(label))
        const context = await browser.newContext({ baseURL: server.baseUrl })
        const page = await context.newPage()
        const { token } = await signInAs(page, api, account)
        const call = async (method: 'GET' | 'POST', url: string, data?: unknown) => {
          const response = await api.fetch(`/api${url}`, { method, headers: { Authorization: `Bearer ${token}` }, data })
          expect(response.ok(), `${url}: ${await response.text()}`).toBe(true)
          return response.json()
        }
        return { account, context, page, call }
      }),
    )
    const [host, patient, observer] = people
    const { sessionCode: code } = await host.call('POST', '/sessions', { title: 'Mock in three browsers' })
    const circuit = { stations: 4, restStations: 0, changeoverSeconds: 120, candidate: 'ONE' }
    await host.call('POST', `/sessions/${code}/configure`, { sessionType: 'TOPIC', readingTime: 1, consultationTime: 5, timingType: 'COUNTDOWN', circuit })
    await patient.call('POST', `/sessions/${code}/join-with-role`, { role: 'patient' })
    await observer.call('POST', `/sessions/${code}/join-with-role`, { role: 'observer' })
    for (const { page } of people) await page.goto(roomUrl(code))
    await host.page.getByRole('button', { name: 'Start Session' }).click()

    const circuitBar = (page: Page) => page.getByRole('region', { name: 'Mock exam' })
    for (const [index, score] of STATION_SCORES.entries()) {
      for (const { page } of people) await expect(circuitBar(page)).toContainText(`Station ${index + 1} of 4`, { timeout: 60_000 })
      if (index === 1) {
        // Killed with no warning in the second station's reading, and started again on the same data and port.
        await server.crash()
        server = await startServerProcess(env, 'built', { port })
      }
      for (const { page } of people) await expect(page.getByText('Phase: Feedback', { exact: true })).toBeVisible({ timeout: 60_000 })
      if (score === null) continue
      // The examiner marks in the change-over: every checklist item of this station's case with the same score.
      const session = await observer.call('GET', `/sessions/${code}`)
      const criteriaScores = session.selectedCase.feedbackCriteria.map((criterion: { id: string; name: string }) => ({ criterionId: criterion.id, criterionName: criterion.name, score, subScores: [] }))
      await observer.call('POST', '/feedback/submit', { sessionCode: code, comment: '', criteriaScores, requestNewCase: false, globalJudgement: score >= 3 ? 'GOOD' : 'SATISFACTORY', feedbackAreas: [] })
    }

    for (const { page } of people) await expect(page.getByText('Session ended: The mock exam is over: your result sheet is ready')).toBeVisible({ timeout: 60_000 })
    await host.page.getByRole('link', { name: 'See your result sheet' }).click()
    const stations = host.page.getByRole('table', { name: 'Stations' })
    await expect(stations.getByRole('row')).toHaveCount(5)
    // Every item scored 4 grades A (4 points) in each domain; 2, C (2 points); 3, B (3 points).
    const expected = STATION_SCORES.map((score) => (score === null ? 0 : 3 * score))
    for (const [index, points] of expected.entries()) {
      await expect(stations.getByRole('row').nth(index + 1).getByRole('cell').nth(4)).toHaveText(String(points))
    }
    await expect(stations.getByRole('row').nth(4)).toContainText('Not marked in time')
    const total = expected.reduce((a, b) => a + b, 0)
    await expect(host.page.getByText(new RegExp(`^${total} of 48 \\(required [\\d.]+\\)$`))).toBeVisible()
  } finally {
    await Promise.all(browser.contexts().map((context) => context.close()))
    await api.dispose()
    await server.stop()
  }
})
