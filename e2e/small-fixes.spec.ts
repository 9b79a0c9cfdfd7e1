import type { Page } from '@playwright/test'
import type { CriterionView } from '../schemas/content.ts'
import { admin, adminApi, openAdmin } from './admin-helpers.ts'
import { expect, registerAccount, screenshot, test } from './fixtures.ts'
import { closeAll, createTopic, doctorWithPatient, expectPhase, roomUrl, toFeedbackPhase, unique } from './session-helpers.ts'

/** Issue 29, item 8: the smaller things found in real use. */

/**
 * The browser's sound policy, injected like a clock: Playwright's own calls count as user gestures here, so the
 * browser would never hold sound back. As browsers do for a page nobody has touched (a reload starts over), sound
 * is refused until the user's first real click or key.
 */
async function holdSoundUntilTouched(page: Page) {
  await page.addInitScript(() => {
    let touched = false
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function () {
      return touched ? play.call(this) : Promise.reject(new DOMException('play() can only be initiated by a user gesture.', 'NotAllowedError'))
    }
    Object.defineProperty(Navigator.prototype, 'userActivation', { get: () => ({ hasBeenActive: touched, isActive: touched }) })
    for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, (event) => (touched ||= event.isTrusted), true)
  })
}

test('in the room: sounds held back say so, the findings dialog is named like its button, Back asks like Exit', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  await doctor.post(`/sessions/${code}/start`)

  // Loaded, and again after a reload: the sounds are held back and the room says so, until a click allows them.
  const d = doctor.page
  await holdSoundUntilTouched(d)
  await d.goto(roomUrl(code))
  await expectPhase(d, 'Reading')
  const soundsOff = d.getByRole('status').filter({ hasText: 'Sounds are off until you tap or click the page' })
  await expect(soundsOff).toBeVisible()
  await screenshot(d, 'room-sounds-held-back')
  await d.getByRole('heading', { level: 1 }).click()
  await expect(soundsOff).toBeHidden()
  await d.reload()
  await expect(soundsOff).toBeVisible()
  // By keyboard: a pointer press that Playwright finds landing beside the button (seen under load) allows sound as
  // well, as any tap does, and takes the button away before Playwright could press it again.
  await soundsOff.getByRole('button', { name: 'Turn on sounds' }).press('Enter')
  await expect(soundsOff).toBeHidden()

  const findings = d.getByRole('dialog', { name: 'Examination Findings' })
  await d.getByRole('button', { name: 'Examination Findings' }).click()
  await expect(findings).toContainText(topic.cases[0].findings)
  await findings.getByRole('button', { name: 'Close' }).click()
  await expect(findings).toBeHidden()

  // Back asks Exit's question; Stay keeps the room, and Back asks again.
  const exit = d.getByRole('dialog', { name: 'Exit Session' })
  await d.goBack()
  await expect(exit).toBeVisible()
  await expect(d).toHaveURL(new RegExp(`${roomUrl(code)}$`))
  await exit.getByRole('button', { name: 'Stay' }).click()
  await expect(exit).toBeHidden()
  await expectPhase(d, 'Reading')
  await d.goBack()
  await exit.getByRole('button', { name: 'Exit Session' }).click()
  await expect(d).toHaveURL(/\/dashboard$/)
  await closeAll([doctor, patient])
})

test('the role page of a completed session says it has ended and leads to the debrief and the dashboard', async ({ browser, request }) => {
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  await toFeedbackPhase(doctor, code)
  // The patient scores every criterion of the case (3 of 4), which makes round 1's debrief.
  const session = await (await request.get(`/api/sessions/${code}`, { headers: { Authorization: `Bearer ${patient.token}` } })).json()
  const criteriaScores = (session.selectedCase.feedbackCriteria as CriterionView[]).map((criterion) => ({
    criterionId: criterion.id,
    score: criterion.hasSubCriteria ? null : 3,
    subScores: criterion.subCriteria.map((sub) => ({ subCriterionId: sub.id, score: 3 })),
  }))
  await patient.post('/feedback/submit', { sessionCode: code, comment: 'Good rapport', criteriaScores })
  await doctor.post(`/sessions/${code}/end`)

  const d = doctor.page
  await d.goto(`/session/${code}/role`)
  const ended = d.getByRole('status').filter({ hasText: 'This session has ended' })
  await expect(ended).toContainText('This session has ended: Session has been ended by the doctor. You took part as Doctor')
  await screenshot(d, 'role-page-session-ended')
  await expect(d.getByText('You are already in this session')).toHaveCount(0)
  await expect(d.getByRole('button', { name: 'Join Session' })).toHaveCount(0)
  await d.getByRole('link', { name: `Debrief of round 1: ${topic.cases[0].title}` }).click()
  await expect(d).toHaveURL(new RegExp(`/session/${code}/debrief/1$`))
  await d.goBack()
  await d.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(d).toHaveURL(/\/dashboard$/)
  await closeAll([doctor, patient])
})

test("the landing's Find practice partners card leads to Find Partners, through sign-in when signed out", async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/')
  const community = page.getByRole('region', { name: 'Join the community' })
  await community.getByRole('link', { name: 'Find Partners' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Find Partners' })).toBeVisible()
  await expect(page).toHaveURL(/\/partners$/)
})

test('the admin panel at 360 px: every tab in view; Escape closes its dialogs; its own row offers no Delete', async ({ page, request }) => {
  const api = await adminApi(request)
  const inUse = await api.createCategory(unique('Dermatology'))
  await api.createCase(unique('Itchy rash'), inUse.id)
  await page.setViewportSize({ width: 360, height: 740 })
  await openAdmin(page, request)

  const names = ['Cases', 'Categories', 'User Management', 'Find Partners', 'Messages', 'Reports', 'Sessions']
  for (const name of names) await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 })
  await screenshot(page, 'admin-tabs-360')
  await page.getByRole('tab', { name: 'Cases' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: 'Sessions' })).toBeFocused()
  await expect(page.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true')

  // A refused delete, then Escape: the dialog closes and focus is back on the button that opened it.
  await page.getByRole('tab', { name: 'Categories' }).click()
  await page.getByLabel('Search categories').fill(inUse.name)
  const deleteButton = page.getByRole('button', { name: `Delete ${inUse.name}` })
  await deleteButton.click()
  const confirm = page.getByRole('dialog', { name: 'Delete category?' })
  await confirm.getByRole('button', { name: 'Delete Category' }).click()
  await expect(confirm.getByRole('alert')).toContainText('Cannot delete a category that still has cases')
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(deleteButton).toBeFocused()

  // Escape also when focus is on none of the dialog's controls (the page's body has it).
  await page.getByRole('tab', { name: 'User Management' }).click()
  await page.getByLabel('Search users').fill(admin().email)
  await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr')).toHaveCount(1)
  const changeRole = page.getByRole('button', { name: `Change role of ${admin().name}` })
  await changeRole.click()
  const roleDialog = page.getByRole('dialog', { name: 'Change User Role' })
  await expect(roleDialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Escape')
  await expect(roleDialog).toBeHidden()
  await expect(changeRole).toBeFocused()

  // The admin's own row: no Delete to press and be refused, but where to do it instead.
  const ownRow = page.getByRole('table', { name: 'Users' }).locator('tbody tr')
  await expect(ownRow.getByRole('button', { name: /^Delete/ })).toHaveCount(0)
  await expect(ownRow).toContainText('Your own account: delete it from your profile.')
  await expect(ownRow.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile')
})
