import { expect, noHorizontalScroll, screenshot, test } from './fixtures.ts'
import { formStepsAgree, landmarksUnique, nothingOffScreenSideways, scoreWordsAgree, wordsUnbroken } from './page-checks.ts'
import { closeAll, createTopic, expectPhase, newPlayer, scoreAll, unique, type Player } from './session-helpers.ts'

const PHONE = { width: 360, height: 740 }

/** The main path on a phone-sized screen, by keyboard where it matters: nothing may need sideways scrolling. */
test('the main session path fits a 360 px screen and works by keyboard', async ({ browser, request }) => {
  test.setTimeout(150_000)
  const topic = await createTopic(request, 1)
  const other = await createTopic(request, 1)
  const doctor = await newPlayer(browser, request, 'doctor', PHONE)
  const patient = await newPlayer(browser, request, 'patient', PHONE)
  const d = doctor.page
  const p = patient.page
  const fits = async (player: Player, name: string) => {
    await noHorizontalScroll(player.page)
    await screenshot(player.page, `session-360-${name}`)
  }

  await d.goto('/dashboard')
  await expect(d.getByRole('heading', { name: 'Active Sessions' })).toBeVisible()
  await fits(doctor, 'dashboard')

  await d.goto('/session/create')
  await d.getByLabel('Session Title').fill(unique('Phone practice'))
  await d.keyboard.press('Enter')
  await expect(d).toHaveURL(/\/configure$/)
  const code = decodeURIComponent(new URL(d.url()).pathname.split('/')[2])
  for (const name of [topic.name, other.name]) {
    await d.getByLabel('Add a topic').selectOption(name)
    await d.getByRole('button', { name: 'Add', exact: true }).press('Enter')
  }
  await d.getByRole('button', { name: `Remove ${other.name}` }).press('Enter')
  await expect(d.getByRole('button', { name: `Remove ${topic.name}` }), 'focus stays among the chips').toBeFocused()
  // Radio groups move with the arrow keys: from 8 minutes (the default) to 7.5.
  await d.getByRole('group', { name: 'Consultation time', exact: true }).getByRole('radio', { name: '8 min' }).focus()
  await d.keyboard.press('ArrowLeft')
  await expect(d.getByRole('radio', { name: '7.5 min' })).toBeChecked()
  await fits(doctor, 'configure')
  await d.getByRole('button', { name: 'Start Practice Session' }).click()
  await expectPhase(d, 'Waiting')

  await p.goto('/session/join')
  await p.getByLabel('Session Code').fill(code)
  await p.keyboard.press('Enter')
  await expect(p).toHaveURL(/\/role$/)
  await p.getByRole('radio', { name: /Patient/ }).focus()
  await p.keyboard.press('Space')
  await fits(patient, 'role')
  await p.getByRole('button', { name: 'Join Session' }).click()
  await expectPhase(p, 'Waiting')
  await fits(patient, 'waiting')

  await d.getByRole('button', { name: 'Start Session' }).focus()
  await expect(d.getByRole('button', { name: 'Start Session' })).toBeEnabled()
  await d.keyboard.press('Enter')
  await expectPhase(p, 'Reading')
  await expect(p.getByText(topic.cases[0].patientScript)).toBeVisible()
  await fits(patient, 'reading-patient')
  await fits(doctor, 'reading-doctor')

  await d.getByRole('button', { name: 'Examination Findings' }).press('Enter')
  await expect(d.getByRole('dialog', { name: 'Examination Findings' })).toBeVisible()
  await fits(doctor, 'findings')
  await d.keyboard.press('Escape')
  await d.getByRole('button', { name: 'Skip to Consultation' }).press('Enter')
  await expectPhase(p, 'Consultation')
  await fits(patient, 'consultation-patient')
  await fits(doctor, 'consultation-doctor')
  // Scrolled down to the feedback form, the patient still sees the clock.
  await p.getByLabel('Additional comments').scrollIntoViewIfNeeded()
  const clock = await p.getByRole('timer').boundingBox()
  expect(clock && clock.y >= 0 && clock.y + clock.height <= p.viewportSize()!.height, `clock at ${JSON.stringify(clock)}`).toBe(true)
  await fits(patient, 'consultation-patient-scrolled')

  await d.getByRole('button', { name: 'End Consultation' }).press('Enter')
  await d.getByRole('dialog', { name: 'End Consultation' }).getByRole('button', { name: 'End Consultation' }).press('Enter')
  await expectPhase(p, 'Feedback')
  await scoreAll(p, [3, 2, 4])
  // Every step and judgement fits whole ("Adequat e", "Unsatisfac tory" before issue 29), with the words used everywhere.
  await wordsUnbroken(p.locator('form label'))
  await formStepsAgree(p)
  await fits(patient, 'feedback-patient')
  await p.getByRole('button', { name: 'Submit Feedback & Close' }).press('Enter')
  await expect(p).toHaveURL(/\/dashboard$/)
  await fits(doctor, 'feedback-doctor')

  await d.getByRole('button', { name: 'Exit' }).press('Enter')
  await expect(d.getByRole('dialog', { name: 'Complete Session' })).toBeVisible()
  await fits(doctor, 'exit-dialog')
  await d.getByRole('dialog').getByRole('button', { name: 'Complete Session' }).press('Enter')
  // The station folded, its score out of 12 first (none here: this mark scheme has no interpersonal criterion).
  const received = d.getByRole('region', { name: 'Feedback Received' })
  await expect(received.getByRole('list', { name: 'Scores out of 12' })).toContainText(`${patient.account.name}no score`)
  await received.getByRole('button', { name: /^Scores and comments/ }).press('Enter')
  await expect(received.getByRole('listitem', { name: `Feedback from ${patient.account.name}` })).toContainText('3 / 4 · Good')
  expect(await scoreWordsAgree(d), 'Data gathering 3, Management 3 (its mean), Plan 2, Safety netting 4').toBe(4)
  await nothingOffScreenSideways(d)
  await landmarksUnique(d)
  await fits(doctor, 'dashboard-feedback')
  await closeAll([doctor, patient])
})
