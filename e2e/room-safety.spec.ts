import type { CandidateReportView } from '../schemas/partners/safety.ts'
import { admin } from './admin-helpers.ts'
import { expect, loginByApi, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { closeAll, createTopic, doctorWithPatient, expectPhase, roomUrl } from './session-helpers.ts'

/**
 * Issue 36, item 5, where strangers meet: in a running consultation the patient, who met the doctor only through
 * the session code, reports them with a reason and then blocks them, from the room, on a phone. The admins see the
 * report with its session; the consultation goes on, as the block dialog says, and Report stays offered.
 */
test('a participant reports and blocks another from the room, and the admin sees the report', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const doctorName = doctor.account.name
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  const page = patient.page
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(roomUrl(code))
  await expectPhase(page, 'Consultation')

  // Folded away until asked for, by keyboard; it names the other person, never the reader.
  const summary = page.getByText('Report or block someone', { exact: true })
  await summary.focus()
  await page.keyboard.press('Enter')
  const people = page.getByRole('list', { name: 'People in this session' })
  await expect(people.getByRole('listitem')).toHaveCount(1)
  await expect(people.getByRole('button', { name: `Block ${doctorName}`, exact: true })).toBeVisible()
  await expect(people.getByRole('button', { name: `Report ${patient.account.name}` })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
  await nothingOffScreenSideways(page)

  // The report is about this session, with a reason and the reporter's words.
  await people.getByRole('button', { name: `Report ${doctorName}`, exact: true }).click()
  const report = page.getByRole('dialog', { name: `Report ${doctorName}` })
  await expect(report).toContainText(`About the session ${code}.`)
  await report.getByRole('radio', { name: 'Harassment, threats or insults' }).check()
  await report.getByLabel('Details (optional)').fill('Shouted at me on the video call.')
  expect(await axeViolations(page)).toEqual([])
  await report.getByRole('button', { name: 'Send report' }).click()
  await expect(report).toContainText('Thank you for telling us. An administrator will look into it; the person you reported is not told who reported them.')
  // The dialog's own "Close", not its × (also named Close).
  await report.locator('button', { hasText: 'Close' }).click()
  await expect(report).toBeHidden()

  // The block asks first, by keyboard, and does not promise to take them out of the running session.
  await people.getByRole('button', { name: `Block ${doctorName}`, exact: true }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: `Block ${doctorName}?` })
  await expect(confirm).toContainText('A session already running goes on until you leave it.')
  await confirm.getByRole('button', { name: 'Block', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(confirm).toBeHidden()
  // The Block button is gone with the dialog: the focus is on what stands in its place, not back at the page's top.
  await expect(page.locator(':focus')).toHaveText(`You blocked ${doctorName}.`)
  await expect(page.getByRole('status').filter({ hasText: `${doctorName} is blocked.` })).toHaveText(
    `${doctorName} is blocked. You will not see each other on Find Partners, and they are not told.`,
  )
  await expect(people.getByRole('listitem')).toContainText(`You blocked ${doctorName}.`)
  // Blocking first and reporting after is a usual order: Report stays, Block does not come back.
  await expect(people.getByRole('button', { name: `Block ${doctorName}`, exact: true })).toHaveCount(0)
  await expect(people.getByRole('button', { name: `Report ${doctorName}`, exact: true })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // The consultation goes on: the doctor ends it and the patient moves on to feedback.
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  await expectPhase(page, 'Feedback')

  // The admins see the report, about whom, by whom, and in which session.
  const { token } = await loginByApi(request, admin())
  const listed = await request.get('/api/admin/candidate-reports', { headers: { Authorization: `Bearer ${token}` } })
  expect(listed.ok(), await listed.text()).toBe(true)
  const { reports } = (await listed.json()) as { reports: CandidateReportView[] }
  const mine = reports.filter((item) => item.reporter.name === patient.account.name)
  expect(mine.map((item) => ({ reason: item.reason, details: item.details, reported: item.reported.name, code: item.session?.code, status: item.status }))).toEqual([
    { reason: 'HARASSMENT', details: 'Shouted at me on the video call.', reported: doctorName, code, status: 'OPEN' },
  ])
  await closeAll([doctor, patient])
})
