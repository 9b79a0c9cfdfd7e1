import { expect, screenshot, test } from './fixtures.ts'
import { liveInjection } from './live-injection.ts'
import { closeAll, createTopic, doctorWithPatient, expectPhase, newPlayer, roomUrl, scoreAll, sessionByApi, toFeedbackPhase, uniqueRecallDate, unique } from './session-helpers.ts'

/** The rest of issue 5's done-means: recall mode, New Case, the pending-observer question and a reload. */

test('a recall session draws the case of the chosen exam date', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const date = uniqueRecallDate()
  const topic = await createTopic(request, 1, { recallDate: date, imageFindings: true })
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const d = doctor.page

  const { sessionCode: code } = (await doctor.post('/sessions', { title: unique('Recall practice') })) as { sessionCode: string }
  await d.goto(`/session/${code}/configure`)
  await d.getByRole('radio', { name: 'Select Recall (by exam date)' }).check()
  await expect(d.getByRole('button', { name: 'Start Practice Session' })).toBeDisabled()
  await expect(d.getByText('Please select a date range for recall practice (both start and end dates are required)')).toBeVisible()
  await d.getByLabel('Start date').fill(date)
  await expect(d.getByLabel('End date')).toHaveAttribute('min', date)
  await d.getByLabel('End date').fill(date)
  await expect(d.getByLabel('Start date')).toHaveAttribute('max', date)
  await expect(d.getByText(/Selected range: .* \(1 recall date\)/)).toBeVisible()
  await screenshot(d, 'session-configure-recall')
  await d.getByRole('button', { name: 'Start Practice Session' }).click()
  await expect(d).toHaveURL(new RegExp(`${roomUrl(code)}$`))

  await patient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  await d.getByRole('button', { name: 'Start Session' }).click()
  await expectPhase(d, 'Reading')
  await expect(d.getByText(topic.cases[0].doctorBrief)).toBeVisible()
  await d.getByRole('button', { name: 'Examination Findings' }).click()
  await expect(d.getByRole('dialog', { name: 'Examination Findings' })).toContainText('Image could not be loaded')
  await closeAll([doctor, patient])
})

test('New Case during reading brings another case, then the next topic once the topic is done', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 2)
  const nextTopic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  await doctor.post(`/sessions/${code}/start`)
  for (const player of [doctor, patient]) await player.page.goto(roomUrl(code))
  const d = doctor.page
  const p = patient.page

  await expectPhase(d, 'Reading')
  const brief = (await d.getByText(/^DOCTOR-BRIEF-/).textContent()) ?? ''
  const shownFirst = topic.cases.find((c) => c.doctorBrief === brief)!
  const next = topic.cases.find((c) => c !== shownFirst)!
  expect(shownFirst, 'the session plays one of its topic cases').toBeTruthy()
  await expect(p.getByText(shownFirst.patientScript)).toBeVisible()

  await d.getByRole('button', { name: 'New Case' }).click()
  await expect(d.getByText(next.doctorBrief)).toBeVisible()
  await expect(p.getByText(next.patientScript)).toBeVisible()
  await expect(d.getByText(shownFirst.doctorBrief)).toHaveCount(0)
  await expectPhase(p, 'Reading')
  await expect(p.getByRole('timer')).toHaveText(/^(1:00|0:5\d)$/)
  await screenshot(d, 'session-new-case')

  // The topic has no case left: the doctor picks the next one, the patient waits for that choice.
  await d.getByRole('button', { name: 'New Case' }).click()
  const doctorDialog = d.getByRole('dialog', { name: 'Topic Completed' })
  await expect(doctorDialog).toContainText(`You have completed every case in ${topic.name}`)
  await expect(p.getByRole('dialog', { name: 'Topic Completed' })).toContainText('Waiting for the doctor to choose the next topic')
  await screenshot(d, 'session-topic-completed')
  // Mandatory: Chromium closes a <dialog> on a second Escape after a refused cancel, so it must come back.
  await d.keyboard.press('Escape')
  await d.keyboard.press('Escape')
  await expect(doctorDialog).toBeVisible()
  // A refused choice is said inside the modal dialog: the page behind it is inert.
  await d.route('**/select-new-topic', (route) => route.fulfill({ status: 500, json: { error: 'Topic refused by test' } }))
  await doctorDialog.getByRole('button', { name: nextTopic.name }).click()
  await expect(doctorDialog.getByRole('alert')).toHaveText('Topic refused by test')
  await d.unroute('**/select-new-topic')
  await doctorDialog.getByRole('button', { name: nextTopic.name }).click()
  await expect(doctorDialog).toBeHidden()
  await expect(p.getByRole('dialog', { name: 'Topic Completed' })).toBeHidden()
  await expect(p.getByText(nextTopic.cases[0].patientScript)).toBeVisible()
  await closeAll([doctor, patient])
})

test('the Topic Completed dialog opens from the New Case answer even when its live message is lost', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  await doctor.post(`/sessions/${code}/start`)
  const d = doctor.page
  // The doctor's live channel passes everything through but TOPIC_SELECTION_NEEDED.
  await d.routeWebSocket(/\/ws\//, (ws) => {
    const server = ws.connectToServer()
    server.onMessage((message) => {
      if (!String(message).includes('TOPIC_SELECTION_NEEDED')) ws.send(message)
    })
  })
  await d.goto(roomUrl(code))
  await expectPhase(d, 'Reading')
  await d.getByRole('button', { name: 'New Case' }).click()
  await expect(d.getByRole('dialog', { name: 'Topic Completed' })).toContainText(`You have completed every case in ${topic.name}`)
  await closeAll([doctor, patient])
})

test('the patient asking for the next case while the observer scores waits for them, told whom for; the swap and a leaver are told', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 2)
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const observer = await newPlayer(browser, request, 'observer')
  const code = await sessionByApi(doctor, topic.name, [
    [patient, 'patient'],
    [observer, 'observer'],
  ])
  await toFeedbackPhase(doctor, code)
  const p = patient.page
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Feedback')

  await scoreAll(p, [3, 3, 3])
  await p.getByRole('button', { name: 'Submit & Role Change' }).click()
  await expect(p.getByRole('dialog')).toHaveCount(0)
  const waiting = `Waiting for ${observer.account.name} (observer) to submit; then the patient and the doctor swap seats for the next case: you will be the doctor.`
  await expect(p.getByRole('status').filter({ hasText: waiting })).toBeVisible()
  await screenshot(p, 'session-waiting-for-observer')

  const o = observer.page
  await o.goto(roomUrl(code))
  await scoreAll(o, [2, 2, 2])
  await o.getByRole('radio', { name: /^Satisfactory/ }).check()
  await o.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(o).toHaveURL(/\/dashboard$/)
  // The seats swap for the next case: the patient is now the doctor; the old doctor is not in the room, so the
  // next round waits, and its new doctor starts it knowingly.
  await expect(p.getByText('You: Doctor')).toBeVisible({ timeout: 15_000 })
  await expect(p.getByRole('status').filter({ hasText: 'Roles have changed: you are now the Doctor.' })).toBeVisible()
  await expectPhase(p, 'Waiting')
  await expect(p.getByRole('status').filter({ hasText: `Waiting for ${doctor.account.name} (patient) and ${observer.account.name} (observer) to come back to the room` })).toBeVisible()
  await p.getByRole('button', { name: 'Start without waiting' }).click()
  const startDialog = p.getByRole('dialog', { name: 'Start without everyone?' })
  await expect(startDialog).toContainText(`${doctor.account.name} (patient) and ${observer.account.name} (observer) are not in the room.`)
  await startDialog.getByRole('button', { name: 'Start now' }).click()
  await expectPhase(p, 'Reading')
  // The notice is about the new seats' first phase: it goes with it.
  await p.getByRole('button', { name: 'Skip to Consultation' }).click()
  await expectPhase(p, 'Consultation')
  await expect(p.getByText('Roles have changed: you are now the Doctor.')).toHaveCount(0)

  // Someone leaving is told to those who stay, until they dismiss it.
  await observer.post(`/sessions/${code}/leave`)
  const left = p.getByRole('status').filter({ hasText: `${observer.account.name} (Observer) has left the session.` })
  await expect(left).toBeVisible()
  await screenshot(p, 'session-someone-left')
  await p.getByRole('button', { name: 'Dismiss' }).click()
  await expect(left).toBeHidden()
  await expect(p.locator('#main')).toBeFocused()
  await closeAll([doctor, patient, observer])
})

test('a reload in the middle of the consultation resumes with the right time left and the feedback written so far', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const code = await sessionByApi(doctor, topic.name, [[patient, 'patient']], 7)
  await doctor.post(`/sessions/${code}/start`)
  const p = patient.page
  await p.goto('/dashboard')
  await p.getByRole('region', { name: 'Active Sessions' }).getByRole('link', { name: /^Resume / }).click()
  await expect(p).toHaveURL(new RegExp(`${roomUrl(code)}$`))
  // In the room since the reading phase, which the page reloaded in the consultation will not have seen.
  await expectPhase(p, 'Reading')
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await expectPhase(p, 'Consultation')
  await p.getByRole('radio', { name: 'Data gathering: 2 of 4' }).check()
  await p.getByLabel('Additional comments').fill('Missed the red flags')
  // The mute choice is remembered across the reload.
  await expect(p.getByRole('button', { name: 'Exam sounds off' })).toHaveAttribute('aria-pressed', 'false')
  await p.getByRole('button', { name: 'Exam sounds off' }).click()
  await p.waitForTimeout(2500)

  const seconds = (text: string) => {
    const [minutes, rest] = text.split(':').map(Number)
    return minutes * 60 + rest
  }
  const before = seconds((await p.getByRole('timer').textContent()) ?? '')
  const reloadedAt = Date.now()
  await p.reload()
  await expectPhase(p, 'Consultation')
  await expect(p.getByRole('timer')).toBeVisible()
  const after = seconds((await p.getByRole('timer').textContent()) ?? '')
  const elapsed = Math.round((Date.now() - reloadedAt) / 1000)
  expect(before).toBeLessThan(7 * 60)
  expect(Math.abs(before - elapsed - after), `before ${before}s, after ${after}s, ${elapsed}s later`).toBeLessThanOrEqual(2)
  await expect(p.getByText('Consultation time remaining')).toBeVisible()
  await expect(p.getByRole('button', { name: 'Exam sounds off' })).toHaveAttribute('aria-pressed', 'true')
  await expect(p.getByRole('radio', { name: 'Data gathering: 2 of 4' })).toBeChecked()
  await expect(p.getByLabel('Additional comments')).toHaveValue('Missed the red flags')
  await screenshot(p, 'session-reloaded-consultation')

  await doctor.post(`/sessions/${code}/end`)
  await expect(p.getByText('Session ended: Session has been ended by the doctor.')).toBeVisible()
  await screenshot(p, 'session-ended')
  await expect(p).toHaveURL(/\/dashboard$/, { timeout: 6000 })
  await closeAll([doctor, patient])
})

test('after 3 failed live connections the room says so, and Retry catches up with what happened', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const p = patient.page
  // SockJS starts with GET /ws/info: refusing it makes every connection attempt fail.
  await p.route('**/ws/**', (route) => route.abort())
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  await expect(p.getByText('Could not connect to the live session after 3 attempts')).toBeVisible({ timeout: 30_000 })
  await screenshot(p, 'session-live-failed')

  await doctor.post(`/sessions/${code}/start`)
  await p.unroute('**/ws/**')
  await p.getByRole('button', { name: 'Retry' }).click()
  await expectPhase(p, 'Reading')
  await expect(p.getByText('Could not connect to the live session after 3 attempts')).toBeHidden()
  await closeAll([doctor, patient])
})

test('on a network that blocks WebSocket the room stays live over SockJS streaming', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const p = patient.page
  // As a proxy that refuses the upgrade: the socket fails without a close code of its own choosing.
  await p.routeWebSocket(/\/ws\//, (socket) => socket.close({ code: 1011, reason: 'Upgrade refused' }))
  const streams: string[] = []
  p.on('request', (sent) => {
    if (new URL(sent.url()).pathname.endsWith('/xhr_streaming')) streams.push(sent.url())
  })
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  await expect.poll(() => streams.length, { timeout: 15_000 }).toBeGreaterThan(0)
  await doctor.post(`/sessions/${code}/start`)
  await expectPhase(p, 'Reading')
  await closeAll([doctor, patient])
})

test('when the session cannot be read again after connecting, the room says so and Retry reads it', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const p = patient.page
  // The first read (loading the room) goes through; every read after the live channel connects fails.
  let reads = 0
  await p.route(`**/api/sessions/${code}`, (route) => (++reads === 1 ? route.continue() : route.abort()))
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  const stale = p.getByText('Could not refresh the session after reconnecting, so changes by others may be missing.')
  await expect(stale).toBeVisible({ timeout: 30_000 })
  expect(reads, 'the read was tried again before giving up').toBeGreaterThan(2)
  await screenshot(p, 'session-resync-failed')

  await p.unroute(`**/api/sessions/${code}`)
  await p.getByRole('button', { name: 'Retry' }).click()
  await expect(stale).toBeHidden()
  await closeAll([doctor, patient])
})

test('leaving the room while a re-read is under way stops the re-reads', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const p = patient.page
  // The room loads; the re-read after the live channel connects hangs for 2 s, then fails.
  let reads = 0
  await p.route(`**/api/sessions/${code}`, async (route) => {
    if (++reads === 1) return route.continue()
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await route.abort().catch(() => {})
  })
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  await expect.poll(() => reads).toBe(2)
  await p.getByRole('button', { name: /Account menu/ }).click()
  await p.getByRole('menuitem', { name: 'Dashboard' }).click()
  await expect(p).toHaveURL(/\/dashboard$/)
  // Longer than the failing read plus the first two retry delays (2 s, 4 s).
  await p.waitForTimeout(8000)
  expect(reads, 'no read after leaving the room').toBe(2)
  await closeAll([doctor, patient])
})

test('someone who joins during the feedback phase is told there is nothing for them to score', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 2)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const late = await newPlayer(browser, request, 'late')
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  await late.post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  await late.page.goto(roomUrl(code))
  await expectPhase(late.page, 'Feedback')
  await expect(late.page.getByText('You joined after this consultation ended, so there is nothing for you to score.')).toBeVisible()
  await expect(late.page.getByRole('form', { name: 'Feedback for the doctor' })).toHaveCount(0)
  await doctor.page.goto(roomUrl(code))
  await expect(doctor.page.getByRole('list', { name: 'Feedback so far' })).not.toContainText(late.account.name)
  await closeAll([doctor, patient, late])
})

test('someone with the code but not in the room sees the free roles, and the room itself is closed to them', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const stranger = await newPlayer(browser, request, 'stranger')

  await stranger.page.goto(roomUrl(code))
  await expect(stranger.page.getByText("Access denied. You don't have permission to access this session.")).toBeVisible()
  await expect(stranger.page.getByText(topic.cases[0].title)).toHaveCount(0)

  await stranger.page.goto(`/session/${code}/role`)
  await expect(stranger.page.getByText('Role Taken')).toBeVisible()
  await expect(stranger.page.getByRole('radio', { name: /Observer/ })).toBeEnabled()
  await closeAll([doctor, patient, stranger])
})

test('the Exit dialog keeps the phase it was opened in: feedback starting meanwhile does not turn leaving into completing', async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  await doctor.post(`/sessions/${code}/start`)
  const p = patient.page
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Reading')
  await p.getByRole('button', { name: 'Exit' }).click()
  const dialog = p.getByRole('dialog', { name: 'Exit Session' })
  await expect(dialog).toBeVisible()
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  await expectPhase(p, 'Feedback')
  await expect(dialog).toBeVisible()
  const leaving = p.waitForRequest((req) => req.method() === 'POST' && /\/(leave|complete)$/.test(req.url()))
  await dialog.getByRole('button', { name: 'Exit Session' }).click()
  expect((await leaving).url()).toMatch(/\/leave$/)
  await expect(p).toHaveURL(/\/dashboard$/)
  await closeAll([doctor, patient])
})

test('the role page notices within its 2 s polling that the patient seat was just taken', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const observer = await newPlayer(browser, request, 'observer')
  const code = await sessionByApi(doctor, topic.name, [])

  await observer.page.goto(`/session/${code}/role`)
  await expect(observer.page.getByRole('radio', { name: /Patient/ })).toBeEnabled()
  await patient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  await expect(observer.page.getByText('Role Taken')).toBeVisible({ timeout: 3000 })
  await expect(observer.page.getByRole('radio', { name: /Patient/ })).toBeDisabled()
  await closeAll([doctor, patient, observer])
})

test('a malformed live message is logged and ignored, and the room keeps following the session', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const p = patient.page
  const warnings: string[] = []
  p.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const { subscribed, slipIn } = await liveInjection(p, code)
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  await expect.poll(subscribed, { timeout: 15_000 }).toBe(true)

  slipIn(JSON.stringify({ type: 'SESSION_UPDATE', sessionCode: code, phase: 'READING', participants: 'everyone' }))
  slipIn('{"type": "PHASE_CHANGE", "phase": ')
  await expect.poll(() => warnings.filter((text) => text.startsWith('Ignored')).length).toBe(2)
  expect(warnings.find((text) => text.includes('(SESSION_UPDATE)'))).toMatch(/participants/)
  await expectPhase(p, 'Waiting')

  await doctor.post(`/sessions/${code}/start`)
  await expectPhase(p, 'Reading')
  await closeAll([doctor, patient])
})

test('news of a phase the session machine cannot reach is never shown: the room reads the session again', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const p = patient.page
  const { subscribed, slipIn } = await liveInjection(p, code)
  const reads: string[] = []
  p.on('request', (sent) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname === `/api/sessions/${code}`) reads.push(sent.url())
  })
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Waiting')
  await expect.poll(subscribed, { timeout: 15_000 }).toBe(true)
  const readsBefore = reads.length

  // Waiting -> feedback is no move of the machine: the room stays in Waiting and asks the server where it is.
  slipIn(JSON.stringify({ type: 'PHASE_CHANGE', sessionCode: code, phase: 'FEEDBACK', startTimestamp: Date.now(), durationSeconds: 1200 }))
  await expect.poll(() => reads.length, { message: 'the session read again' }).toBeGreaterThan(readsBefore)
  await expectPhase(p, 'Waiting')
  await expect(p.getByRole('heading', { name: /feedback/i })).toHaveCount(0)

  await doctor.post(`/sessions/${code}/start`)
  await expectPhase(p, 'Reading')
  await closeAll([doctor, patient])
})
