import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, roomOfThree, roomUrl, scoreAll, type Player } from './session-helpers.ts'

/** The seat each player's room says they hold. */
async function expectSeat(player: Player, seat: 'Doctor' | 'Patient' | 'Observer') {
  await expect(player.page.getByText(`You: ${seat}`)).toBeVisible({ timeout: 15_000 })
}

const rotateButton = (page: Page) => page.getByRole('button', { name: 'Submit & Rotate Seats' })

/** The doctor's received feedback for a round: both scorers' marks must be there. */
async function marksOfRound(request: APIRequestContext, doctor: Player, code: string, round: number) {
  const response = await request.get('/api/feedback/received', { headers: { Authorization: `Bearer ${doctor.token}` } })
  const items = (await response.json()) as Array<{ sessionCode: string; roundNumber: number; fromUserRole: string }>
  return items.filter((item) => item.sessionCode === code && item.roundNumber === round).map((item) => item.fromUserRole).sort()
}

async function isOnline(request: APIRequestContext, asker: Player, code: string, whom: Player) {
  const response = await request.get(`/api/sessions/${code}`, { headers: { Authorization: `Bearer ${asker.token}` } })
  const session = (await response.json()) as { participants: Array<{ name: string; isOnline: boolean }> }
  return session.participants.find((p) => p.name === whom.account.name)?.isOnline
}

async function endConsultation(doctor: Player) {
  await doctor.page.getByRole('button', { name: 'Skip to Consultation' }).click()
  await doctor.page.getByRole('button', { name: 'End Consultation' }).click()
  await doctor.page.getByRole('dialog', { name: 'End Consultation' }).getByRole('button', { name: 'End Consultation' }).click()
}

test('patient and observer both rotate, in either order: both marks are kept, and the next round waits for its seats', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 3)
  const { doctor: ana, patient: ben, observer: cam, code } = await roomOfThree(browser, request, topic.name, ['ana', 'ben', 'cam'])
  const name = (player: Player) => player.account.name
  await ana.post(`/sessions/${code}/start`)
  for (const player of [ana, ben, cam]) await player.page.goto(roomUrl(code))
  await Promise.all([expectSeat(ana, 'Doctor'), expectSeat(ben, 'Patient'), expectSeat(cam, 'Observer')])

  // Round 1: Ana doctor, Ben patient, Cam observer. Cam rotates first: nothing moves until Ben has scored too.
  await endConsultation(ana)
  await expectPhase(cam.page, 'Feedback')
  await expect(ana.page.getByRole('button', { name: /Rotate/ }), 'the doctor gives no feedback').toHaveCount(0)
  await expect(cam.page.getByRole('button', { name: 'Submit & New Case' }), 'an observer asks for no plain new case').toHaveCount(0)
  await scoreAll(cam.page, [2, 2, 2])
  // The observer marks as the exam's examiner: a global judgement is required (issue 17).
  await cam.page.getByRole('radio', { name: /^Satisfactory/ }).check()
  await rotateButton(cam.page).click()
  await expect(cam.page.getByRole('status').filter({ hasText: `Waiting for ${name(ben)} (patient) to submit; then the seats rotate for the next case: you will be the patient.` })).toBeVisible()
  await expect(ana.page.getByText(`${name(cam)} (Observer): feedback given`)).toBeVisible()
  await expect(ana.page.getByRole('status').filter({ hasText: `Waiting for ${name(ben)} (patient) to submit` })).toBeVisible()
  await expectPhase(ben.page, 'Feedback')
  await scoreAll(ben.page, [3, 3, 3])
  await rotateButton(ben.page).click()
  await Promise.all([expectSeat(ana, 'Observer'), expectSeat(ben, 'Doctor'), expectSeat(cam, 'Patient')])
  await expect(cam.page.getByRole('status').filter({ hasText: `Roles have changed: you are now the Patient. Doctor: ${name(ben)}, Patient: you, Observer: ${name(ana)}.` })).toBeVisible()
  await expectPhase(cam.page, 'Reading')
  expect(await marksOfRound(request, ana, code, 1), 'both sets of marks were kept').toEqual(['observer', 'patient'])

  // Round 2: Ben doctor, Cam patient, Ana observer. Now the patient rotates first; Ben, whose seat next is the
  // observer's, has left the room meanwhile: round 3 waits for him, its clock stopped, and starts when he is back.
  await endConsultation(ben)
  await expectPhase(cam.page, 'Feedback')
  await scoreAll(cam.page, [4, 4, 4])
  const preview = `After rotating, the next case's seats: Doctor: you, Patient: ${name(ana)}, Observer: ${name(ben)}.`
  await expect(cam.page.getByText(preview)).toBeVisible()
  await expect(rotateButton(cam.page)).toHaveAccessibleDescription(preview)
  await rotateButton(cam.page).click()
  await ben.page.goto('/dashboard')
  // A reload keeps one's place for a few seconds: Ben counts as gone once the room says so.
  await expect.poll(() => isOnline(request, cam, code, ben), { timeout: 15_000 }).toBe(false)
  await scoreAll(ana.page, [3, 3, 3])
  await ana.page.getByRole('radio', { name: /^Good/ }).check()
  await rotateButton(ana.page).click()
  await Promise.all([expectSeat(ana, 'Patient'), expectSeat(cam, 'Doctor')])
  await expectPhase(cam.page, 'Waiting')
  await expect(cam.page.getByRole('heading', { name: 'Round 3 is ready' })).toBeVisible()
  await expect(ana.page.getByRole('status').filter({ hasText: `Waiting for ${name(ben)} (observer) to come back to the room` })).toBeVisible()
  await expect(cam.page.getByRole('button', { name: 'Start without waiting' }), 'the new doctor may start knowingly').toBeVisible()
  expect(await marksOfRound(request, ben, code, 2)).toEqual(['observer', 'patient'])
  await ben.page.goto(roomUrl(code))
  await expectSeat(ben, 'Observer')
  // Round 3: everyone has now held every seat, and its reading began once Ben was back.
  await expectPhase(cam.page, 'Reading')
  await expect(cam.page.getByRole('button', { name: 'Skip to Consultation' })).toBeVisible()
  await closeAll([ana, ben, cam])
})
