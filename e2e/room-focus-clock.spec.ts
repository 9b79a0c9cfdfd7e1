import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, doctorWithPatient, expectPhase, newPlayer, roomOfThree, roomUrl, scoreAll, unique } from './session-helpers.ts'

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true })

test('after each phase change focus is on the new phase\'s heading; a held Start keeps focus until then', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 3)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const [d, p] = [doctor.page, patient.page]
  for (const page of [d, p]) await page.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  await expect(d.getByRole('status').filter({ hasText: 'Phase:' }), 'the phase is said by the heading only').toHaveCount(0)

  // Start is held (not disabled) while the server answers: focus stays on it, then moves to the new phase.
  let releaseStart = () => {}
  const startAnswered = new Promise<void>((resolve) => (releaseStart = resolve))
  await d.route('**/api/sessions/*/start', async (route) => {
    await startAnswered
    await route.continue()
  })
  await d.getByRole('button', { name: 'Start Session' }).focus()
  await d.keyboard.press('Enter')
  const starting = d.getByRole('button', { name: 'Starting…' })
  await expect(starting).toBeFocused()
  await expect(starting).toHaveAttribute('aria-disabled', 'true')
  releaseStart()
  for (const page of [d, p]) await expect(heading(page, 'Reading time')).toBeFocused()

  await d.getByRole('button', { name: 'Skip to Consultation' }).press('Enter')
  for (const page of [d, p]) await expect(heading(page, 'Consultation')).toBeFocused()

  await d.getByRole('button', { name: 'End Consultation' }).press('Enter')
  await d.getByRole('dialog', { name: 'End Consultation' }).getByRole('button', { name: 'End Consultation' }).press('Enter')
  await expect(heading(d, 'Consultation Complete - waiting for feedback from Patient and Observer')).toBeFocused()
  await expect(heading(p, 'Feedback for the doctor')).toBeFocused()

  await scoreAll(p, [3, 3, 3])
  await p.getByRole('button', { name: 'Submit & New Case' }).press('Enter')
  for (const page of [d, p]) await expect(heading(page, 'Reading time')).toBeFocused()
  await closeAll([doctor, patient])
})

test('configure: Add turns disabled once used, and focus goes back to the topic list', async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const doctor = await newPlayer(browser, request, 'doctor')
  const d = doctor.page
  const { sessionCode } = (await doctor.post('/sessions', { title: unique('Focus practice') })) as { sessionCode: string }
  await d.goto(`/session/${sessionCode}/configure`)
  await d.getByLabel('Add a topic').selectOption(topic.name)
  await d.getByRole('button', { name: 'Add', exact: true }).press('Enter')
  await expect(d.getByRole('button', { name: 'Add', exact: true })).toBeDisabled()
  await expect(d.getByLabel('Add a topic')).toBeFocused()
  await closeAll([doctor])
})

test('the two-minute warning shows "2 minutes left" to every role and stays until the consultation ends', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  const pages = [doctor.page, patient.page, observer.page]
  for (const page of pages) {
    let sessionReads = 0
    page.on('response', (response) => void (new URL(response.url()).pathname === `/api/sessions/${code}` && (sessionReads += 1)))
    await page.goto(roomUrl(code))
    await expectPhase(page, 'Consultation')
    await expect(page.getByText('2 minutes left')).toHaveCount(0)
    // The room reads the session again once its live channel is up. Answered after the clock below moves, that
    // read would start the timer afresh from the moved clock (the server's remaining time is 5 minutes still).
    await expect.poll(() => sessionReads, { message: 'the read after the live channel connected' }).toBeGreaterThanOrEqual(2)
  }
  // The browsers' clocks move on (the server's does not): 3 minutes 10 seconds into the 5-minute consultation.
  for (const page of pages) await page.clock.setFixedTime(Date.now() + 190_000)
  for (const page of pages) {
    await expect(page.getByRole('timer')).toHaveText(/^1:[45]\d$/)
    await expect(page.getByText('2 minutes left', { exact: true })).toBeVisible()
  }
  for (const page of pages) await page.clock.setFixedTime(Date.now() + 400_000)
  for (const page of pages) {
    await expect(page.getByRole('timer')).toHaveText('0:00')
    await expect(page.getByText('2 minutes left', { exact: true }), 'still there at 0:00').toBeVisible()
  }
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  for (const page of pages) {
    await expectPhase(page, 'Feedback')
    await expect(page.getByText('2 minutes left')).toHaveCount(0)
  }
  await closeAll([doctor, patient, observer])
})

test('on a desktop the clock stays in view while the form scrolls; the 0-4 steps sit in one place with their meanings', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  const p = patient.page
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 360, height: 740 },
  ]) {
    await p.setViewportSize(viewport)
    await p.goto(roomUrl(code))
    await expectPhase(p, 'Consultation')
    await p.getByLabel('Additional comments').scrollIntoViewIfNeeded()
    const clock = await p.getByRole('timer').boundingBox()
    expect(clock && clock.y >= 0 && clock.y + clock.height <= viewport.height, `${viewport.width} px: clock at ${JSON.stringify(clock)}`).toBe(true)

    // Every scale: the steps below the item's name, starting at the same left edge, 0 to 4 left to right.
    const zeros = p.getByRole('radio', { name: /: 0 of 4, Not done$/ })
    await expect(zeros).toHaveCount(3)
    const lefts = new Set<number>()
    for (const zero of await zeros.all()) lefts.add(Math.round((await zero.boundingBox())!.x))
    expect([...lefts], `${viewport.width} px: every 0 at one x`).toHaveLength(1)
    const steps = await Promise.all([0, 1, 2, 3, 4].map(async (step) => (await p.getByRole('radio', { name: new RegExp(`^Plan: ${step} of 4`) }).boundingBox())!))
    // Five columns where "Excellent" fits whole (a desktop); rows of three on a phone, read left to right, top to bottom.
    const perRow = viewport.width >= 1280 ? 5 : 3
    const inReadingOrder = steps.every((box, i) => {
      if (i === 0) return true
      const before = steps[i - 1]
      return i % perRow === 0 ? box.y > before.y && Math.abs(box.x - steps[0].x) < 1 : box.x > before.x && Math.abs(box.y - before.y) < 1
    })
    expect(inReadingOrder, `${viewport.width} px: ${perRow} to a row, in order`).toBe(true)
    const planLabel = (await p.getByRole('group', { name: 'Plan' }).locator('legend').boundingBox())!
    expect(steps[0].y, `${viewport.width} px: below the item's name`).toBeGreaterThanOrEqual(planLabel.y + planLabel.height)
    expect(steps[4].x + steps[4].width, `${viewport.width} px: inside the screen`).toBeLessThanOrEqual(viewport.width)
    await expect(p.getByRole('group', { name: 'Plan' }).getByText('Excellent')).toBeVisible()
  }
  await p.getByRole('radio', { name: 'Plan: 2 of 4, Adequate' }).check()
  await expect(p.getByRole('radio', { name: 'Plan: 2 of 4, Adequate' })).toBeChecked()
  await closeAll([doctor, patient])
})
