import { readFile } from 'node:fs/promises'
import type { APIRequestContext } from '@playwright/test'
import { openAdmin } from './admin-helpers.ts'
import { expect, signInAs, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { apiPlayer, createTopic, sessionByApi, toFeedbackPhase, type ApiPlayer } from './session-helpers.ts'

/**
 * Issue 37's Done-when, as a maintainer who is not on the server does it: a session played through the API (one
 * known case, so its patient script is known), then found in the admin panel by a participant's name, stepped to
 * the consultation's start to read the patient's screen then, its timers against the phases that followed, its log
 * exported, its round printed, and opened again from a report about the doctor at the report's moment.
 */

/** Scores every slot of the case's mark scheme (read from the observer's own view of it), and a comment. */
async function observerFeedback(request: APIRequestContext, observer: ApiPlayer, code: string, comment: string) {
  const answer = await request.get(`/api/sessions/${code}`, { headers: { Authorization: `Bearer ${observer.token}` } })
  expect(answer.ok(), await answer.text()).toBe(true)
  const { selectedCase } = (await answer.json()) as { selectedCase: { feedbackCriteria: Array<{ id: string; subCriteria: Array<{ id: string }> }> } }
  const criteriaScores = selectedCase.feedbackCriteria.map((criterion) =>
    criterion.subCriteria.length === 0
      ? { criterionId: criterion.id, score: 3, subScores: [] }
      : { criterionId: criterion.id, score: null, subScores: criterion.subCriteria.map((sub) => ({ subCriterionId: sub.id, score: 2 })) },
  )
  await observer.post('/feedback/submit', { sessionCode: code, comment, criteriaScores })
}

test('an admin finds a session by a participant, reads the patient script at the consultation start, exports the log and prints the round', async ({
  page,
  request,
}) => {
  // About 20 s alone; a loaded machine (two workers beside other suites) takes several times that.
  test.setTimeout(120_000)
  const { name: topic, cases } = await createTopic(request, 1)
  const played = cases[0]
  const [doctor, patient, observer] = await Promise.all([apiPlayer(request, 'doctor'), apiPlayer(request, 'patient'), apiPlayer(request, 'observer')])
  const code = await sessionByApi(doctor, topic, [
    [patient, 'patient'],
    [observer, 'observer'],
  ])
  // Reading (1 minute) is cut short, so its deadline reads against an early start of the consultation.
  await toFeedbackPhase(doctor, code)
  const comment = `Clear history, safety netting missed (${code})`
  await observerFeedback(request, observer, code, comment)
  // The dispute: the patient reports the doctor, naming the session.
  await patient.post('/candidate-reports', { userId: doctor.userId, sessionCode: code, reason: 'DISRUPTIVE', details: 'Kept talking over me.' })

  // The Sessions tab: found by the patient's name, with everyone's seat.
  await openAdmin(page, request)
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Sessions' }).click()
  await expect(page).toHaveURL(/\/admin\?tab=sessions$/)
  const search = page.getByRole('search', { name: 'Find sessions' })
  await search.getByLabel('Participant').fill(patient.account.name)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('1 session found', { exact: true })).toBeVisible()
  const found = page.getByRole('list', { name: 'Sessions found' }).getByRole('listitem').filter({ hasText: code })
  await expect(found).toContainText(`${doctor.account.name} <${doctor.account.email}>: Doctor`)
  await expect(found).toContainText(`${patient.account.name} <${patient.account.email}>: Patient`)
  await expect(found).toContainText(`${observer.account.name} <${observer.account.email}>: Observer`)
  expect(await axeViolations(page)).toEqual([])
  await found.getByRole('link', { name: `Open timeline of session ${code}` }).click()

  // The timeline: the reading's deadline against when the consultation actually began.
  await expect(page).toHaveURL(new RegExp(`/admin/sessions/${code}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Session ${code}`)
  const events = page.getByRole('region', { name: /^Events \(\d+\)$/ })
  const eventCount = Number((await events.getByRole('heading').innerText()).match(/\d+/)![0])
  const event = (sentence: string) => events.getByRole('listitem').filter({ hasText: sentence })
  await expect(event(`${patient.account.name} took the patient seat`)).toBeVisible()
  await expect(event('Reading started: 1:00')).toContainText(/Reading deadline .+ · next phase began .+ \(\d+:\d\d early\)/)

  // Stepped to the consultation's start: each seat's screen as the room drew it then.
  const consultation = event('Consultation started: 5:00')
  await consultation.getByRole('button', { name: 'Show the session after this event' }).click()
  await expect(consultation.getByRole('button', { name: 'Show the session after this event' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/\?version=\d+$/)
  const state = page.getByRole('region', { name: /^The session after version \d+$/ })
  await expect(state).toContainText('Consultation started: 5:00')
  await expect(state).toContainText(/Case \d+, version 1/)
  await expect(state).toContainText(/Reading deadline .+ · next phase began .+ early\)/)
  const seat = (player: ApiPlayer) => state.getByRole('region', { name: new RegExp(`^${player.account.name}`) })
  await expect(seat(patient).getByText(played.patientScript, { exact: true })).toBeVisible()
  await expect(seat(patient)).toContainText('Consultation, with the scoring form to fill in while watching')
  await expect(seat(doctor)).toContainText(played.doctorBrief)
  await expect(seat(doctor)).not.toContainText(played.patientScript)
  expect(await axeViolations(page)).toEqual([])
  await page.setViewportSize({ width: 360, height: 740 })
  await nothingOffScreenSideways(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The export: the same log, as a file.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export log (JSON)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`session-${code}.json`)
  const log = JSON.parse(await readFile(await file.path(), 'utf8')) as { code: string; events: Array<{ type: string }> }
  expect(log.code).toBe(code)
  expect(log.events).toHaveLength(eventCount)
  expect(log.events.map((entry) => entry.type)).toEqual(expect.arrayContaining(['SessionCreated', 'CaseAssigned', 'PhaseStarted', 'FeedbackSubmitted']))

  // The round's printable summary: the case, its timings, the feedback.
  await page.getByRole('link', { name: 'Printable summary of round 1' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/sessions/${code}/rounds/1$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Session ${code}`)
  await expect(page.getByRole('region', { name: 'Case' })).toContainText(played.title)
  await expect(page.getByRole('region', { name: 'Who played' })).toContainText(`Patient: ${patient.account.name}`)
  const timings = page.getByRole('table', { name: /^Each phase/ })
  await expect(timings.getByRole('rowheader', { name: 'Reading' })).toBeVisible()
  await expect(timings.getByRole('row').filter({ hasText: 'Reading' })).toContainText('early')
  await expect(page.getByRole('region', { name: 'Feedback' })).toContainText(comment)

  // From the report about the doctor: the timeline at the report's moment, the observer's feedback the last event.
  await page.goto('/admin?tab=reports')
  const report = page.getByRole('article', { name: `Disrupted the practice on purpose: ${doctor.account.name}` })
  await report.getByRole('link', { name: "Open the session's timeline at this report" }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/sessions/${code}\\?at=`))
  await expect(page.getByText(/^Opened at the last event at or before /)).toBeVisible()
  await expect(events.getByRole('listitem').and(page.locator('[aria-current="step"]'))).toContainText(`${observer.account.name} submitted feedback`)
  await expect(state).toContainText(comment)
})

test('a candidate who opens a session timeline or round summary is refused', async ({ page, request }) => {
  const { name: topic } = await createTopic(request, 1)
  const host = await apiPlayer(request, 'host')
  const code = await sessionByApi(host, topic, [])
  const headers = { Authorization: `Bearer ${host.token}` }
  for (const route of ['timeline', 'state?version=1', 'export', 'rounds/1/summary']) {
    expect((await request.get(`/api/admin/sessions/${code}/${route}`, { headers })).status(), route).toBe(403)
  }
  // The app's admin guard sends a candidate on to their dashboard, showing nothing of the session.
  await signInAs(page, request, host.account, `/admin/sessions/${code}`)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto(`/admin/sessions/${code}/rounds/1`)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(`Session ${code}`)).toHaveCount(0)
})
