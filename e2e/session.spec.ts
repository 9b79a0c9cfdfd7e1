import { screenshot } from './fixtures.ts'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, newPlayer, scoreAll, unique } from './session-helpers.ts'

/**
 * The done-means of issue 5: three people in three browsers play a whole session through the screens, and the
 * doctor reads both feedbacks on the dashboard.
 */
test('doctor, patient and observer play a session from creation to feedback on the dashboard', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const topic = await createTopic(request, 1)
  const [theCase] = topic.cases
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const observer = await newPlayer(browser, request, 'observer')
  const d = doctor.page
  const p = patient.page
  const o = observer.page

  // Create and configure (topic mode).
  const title = unique('Evening practice')
  await d.goto('/session/create')
  await expect(d.getByRole('button', { name: 'Create Session' })).toBeDisabled()
  await d.getByLabel('Session Title').fill(title)
  await d.getByRole('button', { name: 'Create Session' }).click()
  await expect(d).toHaveURL(/\/session\/[^/]+\/configure$/)
  const code = decodeURIComponent(new URL(d.url()).pathname.split('/')[2])
  await expect(d.getByRole('list', { name: 'Selected topics' })).toContainText(/Random \(\d+ categor/)
  await d.getByRole('button', { name: 'Remove Random' }).click()
  await expect(d.getByText('Please select at least one topic for topic-based practice')).toBeVisible()
  await expect(d.getByRole('button', { name: 'Start Practice Session' })).toBeDisabled()
  await d.getByLabel('Add a topic').selectOption(topic.name)
  await d.getByRole('button', { name: 'Add', exact: true }).click()
  await d.getByRole('group', { name: 'Reading time' }).getByRole('radio', { name: '1 min', exact: true }).check()
  await d.getByRole('group', { name: 'Consultation time', exact: true }).getByRole('radio', { name: '5 min', exact: true }).check()
  await expect(d.getByRole('region', { name: 'Summary' })).toContainText('6 minutes')
  await screenshot(d, 'session-configure')
  await d.getByRole('button', { name: 'Start Practice Session' }).click()
  await expect(d).toHaveURL(new RegExp(`/session/${code}/room$`))
  await expectPhase(d, 'Waiting')
  await expect(d.getByRole('button', { name: 'Start Session' })).toBeDisabled()

  // The patient joins by code and takes the patient's seat.
  await p.goto('/session/join')
  await p.getByLabel('Session Code').fill(code.toLowerCase())
  await p.getByRole('button', { name: 'Join Session' }).click()
  await expect(p).toHaveURL(new RegExp(`/session/${code}/role$`))
  await p.getByRole('button', { name: `Copy session code ${code}` }).click()
  await expect(p.getByText('Session code copied to clipboard!')).toBeVisible()
  await p.getByRole('radio', { name: /Patient/ }).check()
  await screenshot(p, 'session-role')
  await p.getByRole('button', { name: 'Join Session' }).click()
  await expect(p).toHaveURL(new RegExp(`/session/${code}/room$`))
  await expect(p.getByText('Waiting for the host to start the session...')).toBeVisible()

  // The observer finds the patient's seat taken.
  await o.goto('/session/join')
  await o.getByLabel('Session Code').fill(code)
  await o.getByRole('button', { name: 'Join Session' }).click()
  await expect(o.getByText('Role Taken')).toBeVisible()
  await expect(o.getByRole('radio', { name: /Patient/ })).toBeDisabled()
  await screenshot(o, 'session-role-taken')
  await o.getByRole('radio', { name: /Observer/ }).check()
  await o.getByRole('button', { name: 'Join Session' }).click()
  await expect(o).toHaveURL(new RegExp(`/session/${code}/room$`))

  // Start: everyone reads their own notes.
  await expect(d.getByRole('list', { name: 'Participants' }).first()).toContainText(patient.account.name)
  await screenshot(d, 'session-waiting')
  await d.getByRole('button', { name: 'Start Session' }).click()
  for (const page of [d, p, o]) await expectPhase(page, 'Reading')
  await expect(d.getByText(theCase.doctorBrief)).toBeVisible()
  expect(await d.content(), "the doctor's page never holds the patient's script").not.toContain(theCase.patientScript.slice(0, 22))
  expect(await d.content(), 'nor the case title').not.toContain(theCase.title)
  await expect(p.getByText(theCase.patientScript)).toBeVisible()
  expect(await p.content()).not.toContain(theCase.doctorBrief.slice(0, 20))
  await expect(o.getByText(theCase.patientScript)).toBeVisible()
  await expect(o.getByText(theCase.doctorBrief)).toBeVisible()
  await expect(p.getByText('Time until consultation begins')).toBeVisible()
  await screenshot(d, 'session-reading-doctor')
  await screenshot(p, 'session-reading-patient')
  await screenshot(o, 'session-reading-observer')

  await d.getByRole('button', { name: 'Examination Findings' }).click()
  const findings = d.getByRole('dialog', { name: 'Examination Findings' })
  await expect(findings).toContainText(theCase.findings)
  await d.keyboard.press('Escape')
  await expect(findings).toBeHidden()

  // Skip to the consultation; the others fill in their forms as they watch.
  await d.getByRole('button', { name: 'Skip to Consultation' }).click()
  for (const page of [d, p, o]) await expectPhase(page, 'Consultation')
  await expect(d.getByRole('timer')).toHaveText(/^[45]:\d\d$/)
  await expect(p.getByRole('heading', { name: 'Consultation', exact: true }), 'a screen reader hears the new phase').toBeFocused()
  await expect(p.getByRole('form', { name: 'Feedback for the doctor' })).toBeVisible()
  await expect(p.getByRole('button', { name: 'Submit Feedback & Close' })).toHaveCount(0)
  await screenshot(d, 'session-consultation-doctor')
  await screenshot(p, 'session-consultation-patient')

  // End (confirmed, so one stray tap does not end it for everyone): the doctor waits, the others score.
  await d.getByRole('button', { name: 'End Consultation' }).click()
  const ending = d.getByRole('dialog', { name: 'End Consultation' })
  await ending.getByRole('button', { name: 'Keep going' }).click()
  await expect(ending).toBeHidden()
  await expectPhase(p, 'Consultation')
  await d.getByRole('button', { name: 'End Consultation' }).click()
  await ending.getByRole('button', { name: 'End Consultation' }).click()
  await expect(d.getByText('Consultation Complete - waiting for feedback from Patient and Observer')).toBeVisible()
  await expectPhase(p, 'Feedback')
  await p.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(p.getByText('Please provide ratings for all criteria before submitting')).toBeVisible()
  // Each empty slot is marked, and focus goes to the first, however far down the page it is.
  await expect(p.getByText('Not scored yet', { exact: true })).toHaveCount(3)
  await expect(p.getByRole('radio', { name: 'Data gathering: 0 of 4' })).toBeFocused()
  await screenshot(p, 'session-feedback-missing')
  await p.getByRole('radio', { name: 'Plan: 3 of 4' }).check()
  await expect(p.getByText('Average: 3 / 4 (1 not scored yet)')).toBeVisible()
  await expect(p.getByText('Not scored yet', { exact: true })).toHaveCount(2)
  await scoreAll(p, [4, 3, 2])
  await expect(p.getByText('Not scored yet', { exact: true })).toHaveCount(0)
  await expect(p.getByText('Average: 2.5 / 4')).toBeVisible()
  // A sub-criterion's scale is named within its criterion's group.
  await expect(p.getByRole('group', { name: 'Management' }).getByRole('radio', { name: 'Plan: 3 of 4' })).toBeChecked()
  await p.getByLabel('Additional comments').fill('Clear explanation, good safety netting.')
  await screenshot(p, 'session-feedback-patient')
  await p.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(p.getByText('Feedback Submitted')).toBeVisible()
  await expect(p).toHaveURL(/\/dashboard$/)

  await expectPhase(o, 'Feedback')
  await expect(o.getByRole('button', { name: 'Submit & New Case' })).toHaveCount(0)
  await scoreAll(o, [2, 1, 2])
  // In the examiner's seat the observer also gives the exam's global judgement (issue 17).
  await o.getByRole('radio', { name: /^Satisfactory/ }).check()
  await o.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(o).toHaveURL(/\/dashboard$/)

  // Completed: the doctor completes the session and reads both feedbacks.
  await expect(d.getByRole('list', { name: 'Feedback so far' })).toContainText(`${observer.account.name} (Observer): feedback given`)
  await screenshot(d, 'session-feedback-doctor')
  await d.getByRole('button', { name: 'Exit' }).click()
  // Worded for the doctor, who gives no feedback: what completing means for them.
  const completing = d.getByRole('dialog', { name: 'Complete Session' })
  await expect(completing).toContainText('no further case is played in this session')
  await expect(completing).not.toContainText('Feedback can no longer be modified')
  await d.getByRole('dialog').getByRole('button', { name: 'Complete Session' }).click()
  await expect(d).toHaveURL(/\/dashboard$/)
  const received = d.getByRole('region', { name: 'Feedback Received' })
  await received.getByRole('button', { name: /^Scores and comments/ }).click()
  await expect(received.getByRole('listitem', { name: `Feedback from ${patient.account.name}` })).toContainText('4 / 4 · Excellent')
  await expect(received.getByRole('listitem', { name: `Feedback from ${observer.account.name}` })).toContainText('1.5 / 4 · Adequate')
  await expect(received).toContainText('Clear explanation, good safety netting.')
  await expect(received).toContainText(theCase.title)
  await screenshot(d, 'session-dashboard')

  await d.goto(`/session/${code}/room`)
  await expect(d.getByRole('heading', { name: 'Session Complete - Thank you for participating' })).toBeVisible()
  await screenshot(d, 'session-completed')
  await closeAll([doctor, patient, observer])
})
