import { adminApi, group, openAdmin } from './admin-helpers.ts'
import { expect, noHorizontalScroll, test } from './fixtures.ts'
import { axeViolations } from './page-checks.ts'
import { unique } from './session-helpers.ts'

const section = (title: string, content: string, order: number) => ({ title, content, order })

test('an admin writes an old-shape case as a station, previews each role, saves it, and edits it as a station', async ({ page, request }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 360, height: 760 })
  const api = await adminApi(request)
  const category = await api.createCategory(unique('Dermatology'))
  const title = unique('Itchy elbows')
  await api.createCase(title, category.id, {
    description: 'A 30-year-old with an itchy rash on both elbows.',
    doctorNotes: 'GP surgery; you are the FY2 doctor.',
    doctorSections: [section('Tasks', '- Take a history\n- Explain the likely diagnosis', 0)],
    patientNotes: 'You are Sam, 30, a teacher.\nOpening line: "My elbows itch all the time."',
    patientSections: [section('History', '- Itchy for six weeks', 0), section('Only if asked', '- Your father has psoriasis', 1)],
    feedbackCriteria: [
      { name: 'Asks about family history', domain: 'DATA_GATHERING', order: 0 },
      { name: 'Explains psoriasis in plain words', domain: 'CLINICAL_MANAGEMENT', order: 1 },
      { name: 'Responds to the worry about contagion', order: 2 },
    ],
  })
  const criterionIds = (await api.findCase(title))!.feedbackCriteria.map((criterion) => criterion.id)
  await openAdmin(page, request)
  await page.getByRole('tab', { name: 'Cases' }).click()
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Case' })

  await dialog.getByRole('button', { name: 'Write as a station' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Setting' })).toHaveValue('GP surgery; you are the FY2 doctor.')
  await expect(dialog.getByRole('textbox', { name: 'Task 2' })).toHaveValue('Explain the likely diagnosis')
  await expect(dialog.getByRole('textbox', { name: 'Opening line' })).toHaveValue('My elbows itch all the time.')
  await expect(group(dialog, 'Fact 2').getByRole('combobox', { name: 'When' })).toHaveValue('IF_ASKED')
  await expect(group(dialog, 'Checklist item 3').getByRole('textbox', { name: 'What the examiner looks for' })).toHaveValue('Responds to the worry about contagion')

  // What the older shape cannot say is asked for, field by field, and nothing is saved yet.
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  const stationType = dialog.getByRole('combobox', { name: 'Station type' })
  await expect(stationType).toBeFocused()
  await expect(dialog.getByText('Name at least one MLA area')).toBeVisible()
  await expect(group(dialog, 'Checklist item 3').getByText(/domain must be one of/)).toBeVisible()
  expect((await api.findCase(title))!.station).toBeNull()

  await stationType.selectOption({ label: 'History taking' })
  await dialog.getByRole('checkbox', { name: 'Dermatology' }).check()
  await group(dialog, 'Checklist item 3').getByRole('combobox', { name: 'Exam domain' }).selectOption({ label: 'Interpersonal skills' })
  await dialog.getByRole('button', { name: 'Add fact' }).click()
  await expect(group(dialog, 'Fact 3').getByRole('textbox', { name: 'What the patient says' })).toBeFocused()
  await page.keyboard.type('It is worse in winter')

  // Each role's view, as the room would show it.
  await dialog.getByText("Preview each role's view").click()
  await dialog.getByRole('radio', { name: 'Patient' }).check()
  const patientView = dialog.getByRole('region', { name: "The patient's view" })
  await expect(patientView.getByText('Start with:')).toContainText('My elbows itch all the time.')
  await expect(patientView.getByRole('listitem').filter({ hasText: 'Your father has psoriasis', has: page.getByRole('checkbox') })).toContainText('Only if asked')
  await expect(patientView.getByRole('checkbox', { name: /It is worse in winter/ })).toBeDisabled()
  await dialog.getByRole('radio', { name: 'Doctor' }).check()
  const doctorView = dialog.getByRole('region', { name: "The doctor's view" })
  await expect(doctorView).toContainText('Setting: GP surgery; you are the FY2 doctor.')
  await expect(doctorView).not.toContainText('psoriasis')
  await expect(doctorView).not.toContainText('Asks about family history')
  await dialog.getByRole('radio', { name: 'Observer' }).check()
  await expect(dialog.getByRole('region', { name: "The observer's view" }).getByRole('group', { name: 'Responds to the worry about contagion' })).toBeVisible()
  await noHorizontalScroll(page)
  expect(await axeViolations(page)).toEqual([])

  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  const saved = (await api.findCase(title))!
  expect(saved.station?.stationType).toBe('HISTORY')
  expect(saved.station?.patient.facts.map((fact) => [fact.text, fact.reveal])).toEqual([
    ['Itchy for six weeks', 'VOLUNTEER'],
    ['Your father has psoriasis', 'IF_ASKED'],
    ['It is worse in winter', 'VOLUNTEER'],
  ])
  expect(saved.station?.checklist.map((item) => item.id)).toEqual(criterionIds)
  expect(saved.patientNotes).toContain('Opening line: "My elbows itch all the time."')

  // Opened again, it is edited as a station; the notes the server writes follow.
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  await expect(dialog.getByRole('button', { name: 'Write as a station' })).toHaveCount(0)
  await dialog.getByRole('textbox', { name: 'Opening line' }).fill('These elbows are driving me mad.')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expect.poll(async () => (await api.findCase(title))!.patientNotes).toContain('Opening line: "These elbows are driving me mad."')
})
