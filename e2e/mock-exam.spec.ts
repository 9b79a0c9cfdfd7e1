import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { closeAll, createTopic, expectPhase, newPlayer, roomUrl, unique } from './session-helpers.ts'

/**
 * Issue 33 in three browsers: the host sets up a mock exam on the configure page, starts it, and from then on the
 * circuit is the server's: no skipping, a pause only by the host with a reason everyone sees, and a result sheet
 * at the end. (The clock running a whole circuit to the second is tested on an injected clock: test/mock/.)
 */
test('a mock exam is set up, started, paused with a reason and resumed, and ends with a result sheet', async ({ browser, request }) => {
  test.setTimeout(120_000)
  // The test server's bank holds what the tests add: enough stations for a circuit of four.
  await createTopic(request, 4, { station: true })
  const [host, patient, observer] = [await newPlayer(browser, request, 'host'), await newPlayer(browser, request, 'patient'), await newPlayer(browser, request, 'observer')]
  const { sessionCode: code } = (await host.post('/sessions', { title: unique('Mock') })) as { sessionCode: string }
  const h = host.page
  await h.goto(`/session/${code}/configure`)
  await h.getByRole('radio', { name: 'Mock exam (a timed circuit)' }).check()
  await h.getByRole('combobox', { name: 'Stations', exact: true }).selectOption({ label: '4 stations' })
  await h.getByRole('combobox', { name: 'Rest stations' }).selectOption({ label: 'No rest' })
  await expect(h.getByRole('status').filter({ hasText: 'A mock exam of 4 stations drawn from every topic, mixing station types' })).toBeVisible()
  await expect(h.getByText("The exam's timing is set")).toBeVisible()
  await h.getByRole('button', { name: 'Start Practice Session' }).click()
  await expect(h).toHaveURL(new RegExp(`${roomUrl(code)}$`))

  await patient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  await observer.post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  const [p, o] = [patient.page, observer.page]
  await p.goto(roomUrl(code))
  await o.goto(roomUrl(code))
  await h.getByRole('button', { name: 'Start Session' }).click()
  for (const page of [h, p, o]) {
    await expectPhase(page, 'Reading')
    await expect(page.getByRole('region', { name: 'Mock exam' })).toContainText('Station 1 of 4')
  }
  await expect(h.getByRole('button', { name: /Skip to Consultation/ })).toHaveCount(0)
  await expect(p.getByRole('button', { name: 'Pause…' })).toHaveCount(0)

  await h.getByRole('button', { name: 'Pause…' }).click()
  await h.getByLabel(/Why pause\?/).fill('The doorbell rang')
  await h.getByRole('button', { name: 'Pause the circuit' }).click()
  for (const page of [h, p, o]) await expect(page.getByRole('region', { name: 'Mock exam' })).toContainText('Paused by the host (The doorbell rang)')
  await h.setViewportSize({ width: 360, height: 740 })
  await nothingOffScreenSideways(h)
  expect(await axeViolations(h)).toEqual([])
  await h.getByRole('button', { name: 'Resume the circuit' }).click()
  for (const page of [h, p, o]) await expect(page.getByRole('region', { name: 'Mock exam' })).not.toContainText('Paused')
  await expect(p.getByRole('timer')).toBeVisible()

  // Ended early by the candidate: the sheet covers the station begun, which nobody marked.
  await host.post(`/sessions/${code}/end`)
  await h.getByRole('link', { name: 'See your result sheet' }).click()
  await expect(h.getByRole('heading', { name: 'Mock exam result sheet' })).toBeVisible()
  const stations = h.getByRole('table', { name: 'Stations' })
  await expect(stations.getByRole('row')).toHaveCount(2)
  await expect(stations.getByRole('row').nth(1)).toContainText('Not marked in time')
  await expect(h.getByText(/default \(\d+ of the 10 marks needed to estimate it\)/)).toBeVisible()
  await expect(h.getByRole('button', { name: 'Print' })).toBeVisible()
  const [pdf] = await Promise.all([h.waitForEvent('download'), h.getByRole('button', { name: 'Download PDF' }).click()])
  expect(pdf.suggestedFilename()).toMatch(/^mock-exam-result-\d{4}-\d{2}-\d{2}\.pdf$/)
  expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-')
  await h.getByRole('button', { name: 'Make a private link' }).click()
  const link = await h.getByLabel('Anyone with this link sees this sheet').inputValue()
  expect(link).toMatch(/\/shared\/results\/[A-Za-z0-9_-]{22}$/)
  await nothingOffScreenSideways(h)
  expect(await axeViolations(h)).toEqual([])

  // Someone with the link and no account reads the sheet; once withdrawn, the link says so.
  const stranger = await browser.newContext()
  const s = await stranger.newPage()
  await s.goto(link)
  await expect(s.getByRole('heading', { name: 'Mock exam result sheet' })).toBeVisible()
  await expect(s.getByText(host.account.name)).toBeVisible()
  await h.getByRole('button', { name: 'Withdraw the link' }).click()
  await expect(h.getByRole('button', { name: 'Make a private link' })).toBeVisible()
  await s.reload()
  await expect(s.getByText('This link to a result sheet has been withdrawn, or never existed')).toBeVisible()
  await stranger.close()
  await closeAll([host, patient, observer])
})
