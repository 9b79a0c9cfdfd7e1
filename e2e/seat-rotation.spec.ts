import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, roomOfThree, roomUrl, scoreAll, type Player } from './session-helpers.ts'

/** The seat each player's room says they hold. */
async function expectSeat(player: Player, seat: 'Doctor' | 'Patient' | 'Observer') {
  await expect(player.page.getByText(`You: ${seat}`)).toBeVisible({ timeout: 15_000 })
}

const rotateButton = (page: Page) => page.getByRole('button', { name: 'Submit & Rotate Seats' })

test('three candidates rotate seats over three rounds: each sits in every seat, told who sits where before it starts', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 3)
  const { doctor: ana, patient: ben, observer: cam, code } = await roomOfThree(browser, request, topic.name, ['ana', 'ben', 'cam'])
  const name = (player: Player) => player.account.name
  await ana.post(`/sessions/${code}/start`)
  for (const player of [ana, ben, cam]) await player.page.goto(roomUrl(code))
  await Promise.all([expectSeat(ana, 'Doctor'), expectSeat(ben, 'Patient'), expectSeat(cam, 'Observer')])

  // Round 1: Ana doctor, Ben patient, Cam observer. Cam rotates while Ben is still scoring: she is warned first.
  await ana.page.getByRole('button', { name: 'Skip to Consultation' }).click()
  await ana.page.getByRole('button', { name: 'End Consultation' }).click()
  await ana.page.getByRole('dialog', { name: 'End Consultation' }).getByRole('button', { name: 'End Consultation' }).click()
  await expectPhase(cam.page, 'Feedback')
  await expect(ana.page.getByRole('button', { name: /Rotate/ }), 'the doctor gives no feedback').toHaveCount(0)
  await expect(cam.page.getByRole('button', { name: 'Submit & New Case' }), 'an observer asks for no plain new case').toHaveCount(0)
  await scoreAll(cam.page, [2, 2, 2])
  // The observer marks as the exam's examiner: a global judgement is required (issue 17).
  await cam.page.getByRole('radio', { name: /^Satisfactory/ }).check()
  await rotateButton(cam.page).click()
  const patientPending = cam.page.getByRole('dialog', { name: 'Patient Feedback Pending' })
  await patientPending.getByRole('button', { name: 'Wait' }).click()
  await expect(patientPending).toBeHidden()
  await rotateButton(cam.page).click()
  await patientPending.getByRole('button', { name: 'Continue Anyway' }).click()
  await Promise.all([expectSeat(ana, 'Observer'), expectSeat(ben, 'Doctor'), expectSeat(cam, 'Patient')])
  await expect(cam.page.getByRole('status').filter({ hasText: `Roles have changed: you are now the Patient. Doctor: ${name(ben)}, Patient: you, Observer: ${name(ana)}.` })).toBeVisible()
  await expectPhase(cam.page, 'Reading')

  // Round 2: Ben doctor, Cam patient, Ana observer. Ana scores and closes (to the dashboard); Cam, told who
  // sits where next, rotates.
  await ben.page.getByRole('button', { name: 'Skip to Consultation' }).click()
  await ben.page.getByRole('button', { name: 'End Consultation' }).click()
  await ben.page.getByRole('dialog', { name: 'End Consultation' }).getByRole('button', { name: 'End Consultation' }).click()
  await expectPhase(ana.page, 'Feedback')
  await scoreAll(ana.page, [3, 3, 3])
  await ana.page.getByRole('radio', { name: /^Good/ }).check()
  await ana.page.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(ana.page).toHaveURL(/\/dashboard$/)
  await scoreAll(cam.page, [4, 4, 4])
  const preview = `After rotating, the next case's seats: Doctor: you, Patient: ${name(ana)}, Observer: ${name(ben)}.`
  await expect(cam.page.getByText(preview)).toBeVisible()
  await expect(rotateButton(cam.page)).toHaveAccessibleDescription(preview)
  await rotateButton(cam.page).click()
  await ana.page.goto(roomUrl(code))
  await Promise.all([expectSeat(ana, 'Patient'), expectSeat(ben, 'Observer'), expectSeat(cam, 'Doctor')])

  // Round 3: everyone has now held every seat.
  await expectPhase(cam.page, 'Reading')
  await expect(cam.page.getByRole('button', { name: 'Skip to Consultation' })).toBeVisible()
  await closeAll([ana, ben, cam])
})
