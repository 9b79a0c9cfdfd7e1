import path from 'node:path'
import type { Locator } from '@playwright/test'
import { adminApi, FIXTURES, group, openAdmin, screenshotDialog } from './admin-helpers.ts'
import { expect, screenshot, test } from './fixtures.ts'
import { closeAll, expectPhase, newPlayer, roomUrl, sessionByApi, unique } from './session-helpers.ts'

async function addSections(dialog: Locator, role: 'Doctor' | 'Patient', titles: string[]) {
  for (const [index, title] of titles.entries()) {
    await dialog.getByRole('button', { name: `Add ${role} Section` }).click()
    const section = group(dialog, `${role} section ${index + 1}`)
    await expect(section.getByLabel('Section title')).toBeFocused()
    await section.getByLabel('Section title').fill(title)
    await section.getByLabel('Section content').fill(`${title}: what the ${role.toLowerCase()} reads.`)
  }
}

async function expectSectionTitles(dialog: Locator, role: 'Doctor' | 'Patient', titles: string[]) {
  for (const [index, title] of titles.entries()) await expect(group(dialog, `${role} section ${index + 1}`).getByLabel('Section title')).toHaveValue(title)
}

test('an admin builds a case in the editor, edits it, sees a session draw it in that order, and deletes it', async ({ page, request, browser }) => {
  test.setTimeout(120_000)
  const api = await adminApi(request)
  const category = await api.createCategory(unique('Dermatology'))
  const title = unique('Itchy rash')
  await openAdmin(page, request)

  const tabs = page.getByRole('tablist', { name: 'Admin sections' })
  await tabs.getByRole('tab', { name: 'Cases' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Categories' })).toBeFocused()
  await expect(tabs.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('End')
  // The last tab since issue 37's maintainers' sessions.
  await expect(tabs.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(page.getByRole('tabpanel')).toContainText('Add New Case')

  await page.getByRole('button', { name: 'Add New Case' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Case' })
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused()
  await dialog.getByRole('button', { name: 'Create Case' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await expect(dialog.getByText('Category is required')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused()

  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await dialog.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: category.name })
  await dialog.getByLabel('Description').fill('A 30-year-old with an itchy rash on both elbows.')
  await expect(dialog.getByLabel('Description')).toHaveAccessibleDescription(/The doctor reads this at the start of the station/)
  await dialog.getByLabel('Doctor notes').fill('Take a focused history and explain the diagnosis.')
  await dialog.getByLabel('Patient notes').fill('You are worried it is contagious.')
  await addSections(dialog, 'Doctor', ['History', 'Examination'])
  await addSections(dialog, 'Patient', ['Opening line', 'Concerns'])
  const domains = ['Interpersonal skills', 'Data gathering, technical and assessment skills', null]
  for (const [index, name] of ['Communication', 'Data gathering', 'Management'].entries()) {
    await dialog.getByRole('button', { name: 'Add Criterion' }).click()
    await group(dialog, `Criterion ${index + 1}`).getByLabel('Criterion name').fill(name)
    if (domains[index]) await group(dialog, `Criterion ${index + 1}`).getByRole('combobox', { name: 'Exam domain' }).selectOption({ label: domains[index] })
  }
  const dataGathering = group(dialog, 'Criterion 2')
  await dataGathering.getByLabel('Has sub-criteria').check()
  for (const [index, name] of ['Onset', 'Triggers', 'Family history'].entries()) {
    await dataGathering.getByRole('button', { name: 'Add Sub-criterion' }).click()
    await dataGathering.getByRole('textbox', { name: `Sub-criterion ${index + 1}`, exact: true }).fill(name)
  }

  // Reorder with the up/down moves; the numbers follow the new order.
  await dialog.getByRole('button', { name: 'Move doctor section 2 up' }).click()
  await expect(dialog.getByRole('button', { name: 'Move doctor section 1 down' })).toBeFocused()
  await expectSectionTitles(dialog, 'Doctor', ['Examination', 'History'])
  await dialog.getByRole('button', { name: 'Move patient section 1 down' }).click()
  await expectSectionTitles(dialog, 'Patient', ['Concerns', 'Opening line'])
  await dialog.getByRole('button', { name: 'Move criterion 3 up' }).click()
  await expect(group(dialog, 'Criterion 2').getByLabel('Criterion name')).toHaveValue('Management')
  const gathering = group(dialog, 'Criterion 3')
  await gathering.getByRole('button', { name: 'Move sub-criterion 3 of criterion 3 up' }).click()
  await expect(gathering.getByRole('textbox', { name: 'Sub-criterion 2', exact: true })).toHaveValue('Family history')
  await gathering.getByRole('button', { name: 'Add Sub-criterion' }).scrollIntoViewIfNeeded()
  await screenshotDialog(dialog, 'admin-case-editor-criteria')

  // Image: the browser refuses what the server would, before sending anything.
  await dialog.getByLabel('Image', { exact: true }).check()
  const upload = dialog.getByLabel('Upload image')
  await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) })
  await expect(dialog.getByRole('alert')).toHaveText('File size too large. Maximum allowed size is 5MB.')
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await expect(dialog.getByRole('alert')).toHaveText('Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.')
  await upload.setInputFiles(path.join(FIXTURES, 'too-wide.png'))
  await expect(dialog.getByRole('alert')).toHaveText('Image dimensions too large. Maximum allowed size is 2048x2048 pixels.')
  await upload.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG not really') })
  await expect(dialog.getByRole('alert')).toHaveText('Invalid image file. Please select a valid image.')
  await upload.setInputFiles(path.join(FIXTURES, 'skin-rash.png'))
  await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/uploads\/images\/[0-9a-f]{32}\.png$/)
  const preview = dialog.getByRole('img', { name: 'Preview of the findings image' })
  await expect(preview).toHaveAttribute('src', /^\/api\/uploads\/images\//)
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(160)

  // Issue 29: a telephone consultation, which the room then runs as a telephone station by itself.
  const telephone = dialog.getByRole('checkbox', { name: 'Telephone consultation' })
  await expect(telephone).toHaveAccessibleDescription(/every camera stays off while this case runs/)
  await telephone.check()
  await dialog.getByLabel('Recall case').check()
  for (const date of ['2024-05-01', '2024-09-10', '2024-05-01']) {
    await dialog.getByLabel('Recall date', { exact: true }).fill(date)
    await dialog.getByRole('button', { name: 'Add Date' }).click()
  }
  await expect(dialog.getByRole('list', { name: 'Recall dates' }).getByRole('listitem')).toHaveText([/^2024-05-01/, /^2024-09-10/])
  await screenshotDialog(dialog, 'admin-case-editor')

  // A new criterion must be put in one of the exam's domains before the case is saved.
  await dialog.getByRole('button', { name: 'Create Case' }).click()
  const management = group(dialog, 'Criterion 2').getByRole('combobox', { name: 'Exam domain' })
  await expect(management).toHaveAccessibleDescription('Choose the exam domain this criterion is marked in')
  await management.selectOption({ label: 'Clinical management skills' })
  await dialog.getByRole('button', { name: 'Create Case' }).click()
  await expect(dialog).toBeHidden()
  const saved = await api.findCase(title)
  expect(saved?.feedbackCriteria.map((criterion) => criterion.domain)).toEqual(['INTERPERSONAL', 'CLINICAL_MANAGEMENT', 'DATA_GATHERING'])
  expect(saved?.doctorSections.map((section) => [section.title, section.order])).toEqual([['Examination', 0], ['History', 1]])
  expect(saved?.patientSections.map((section) => section.title)).toEqual(['Concerns', 'Opening line'])
  expect(saved?.feedbackCriteria.map((criterion) => [criterion.name, criterion.order])).toEqual([['Communication', 0], ['Management', 1], ['Data gathering', 2]])
  expect(saved?.feedbackCriteria[2].subCriteria.map((sub) => [sub.name, sub.order])).toEqual([['Onset', 0], ['Family history', 1], ['Triggers', 2]])
  expect(saved?.visualData).toEqual({ type: 'image', content: expect.stringMatching(/^\/uploads\/images\//) })
  expect(saved?.recallDates).toEqual(['2024-05-01', '2024-09-10'])
  expect(saved?.isRecallCase).toBe(true)
  expect(saved?.telephoneConsultation).toBe(true)

  // Edit: an accidental Escape asks before throwing work away.
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const editor = page.getByRole('dialog', { name: 'Edit Case' })
  await expectSectionTitles(editor, 'Doctor', ['Examination', 'History'])
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (revised)`)
  // An image given by address must be a web address or one of ours: a javascript: URL is refused in the form.
  const imageUrl = editor.getByLabel('Image URL')
  const uploadedUrl = await imageUrl.inputValue()
  expect(uploadedUrl).toBe(saved?.visualData?.content)
  await imageUrl.fill('javascript:alert(1)')
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editor.getByText('Image URL must start with http://, https:// or /')).toBeVisible()
  await expect(imageUrl).toBeFocused()
  await imageUrl.fill(uploadedUrl)
  await group(editor, 'Criterion 3').getByLabel('Has sub-criteria').click()
  const clearing = page.getByRole('dialog', { name: 'Remove sub-criteria?' })
  await expect(clearing).toContainText('removes the 3 sub-criteria of criterion 3')
  await clearing.getByRole('button', { name: 'Remove Sub-criteria' }).click()
  await expect(group(editor, 'Criterion 3').getByRole('textbox', { name: 'Sub-criterion 1', exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
  await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(discard).toBeHidden()
  await expect(editor).toBeVisible()
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editor).toBeHidden()
  const revised = await api.findCase(`${title} (revised)`)
  expect(revised?.id).toBe(saved?.id)
  expect(revised?.feedbackCriteria[2]).toMatchObject({ name: 'Data gathering', hasSubCriteria: false, subCriteria: [] })

  // Search, filter and clear. Full text over the whole case (issue 35): a word of the description, stemmed
  // ("elbow" finds "elbows"), and the title's own tag, so no other case with elbows matches.
  await page.getByLabel('Search cases').fill(`ELBOW ${title.split(' ').at(-1)}`)
  await expect(page.getByRole('list', { name: 'Cases' }).getByRole('heading')).toHaveText([`${title} (revised)`])
  await expect(page.getByText(/^Showing 1 of \d+ cases$/)).toBeVisible()
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name })
  await expect(page.getByRole('list', { name: 'Cases' }).getByRole('listitem')).toHaveCount(1)
  await screenshot(page, 'admin-cases')
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByLabel('Search cases')).toHaveValue('')
  // Every criterion in a domain and every domain with a criterion: not among the cases needing domains (issue 17).
  await page.getByLabel('Search cases').fill(title)
  await expect(page.getByRole('list', { name: 'Cases' }).getByRole('listitem')).toHaveCount(1)
  await page.getByLabel(/^Needs exam domains/).check()
  await expect(page.getByText('No cases match your search.')).toBeVisible()
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(page.getByLabel(/^Needs exam domains/)).not.toBeChecked()

  // A session of the topic draws the case, with the sections and criteria in the order set in the editor.
  const doctor = await newPlayer(browser, request, 'doctor')
  const observer = await newPlayer(browser, request, 'observer')
  const code = await sessionByApi(doctor, category.name, [[observer, 'observer']])
  await doctor.post(`/sessions/${code}/start`)
  await observer.page.goto(roomUrl(code))
  await expectPhase(observer.page, 'Reading')
  const notes = observer.page.getByRole('article', { name: 'Case notes' })
  await expect(notes.getByRole('heading', { level: 2 })).toHaveText(`${title} (revised)`)
  await expect(notes.getByRole('heading', { level: 4 })).toHaveText(['Examination', 'History', 'Concerns', 'Opening line'])
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await expectPhase(observer.page, 'Consultation')
  await expect(observer.page.getByRole('form', { name: 'Feedback for the doctor' }).locator('legend')).toHaveText(['Communication', 'Management', 'Data gathering', 'Global judgement *', 'Feedback areas'])

  // In use by that session, the case stays; the dialog says why.
  const deleteButton = page.getByRole('button', { name: `Delete ${title} (revised)` })
  await deleteButton.click()
  const confirm = page.getByRole('dialog', { name: 'Delete case?' })
  await confirm.getByRole('button', { name: 'Delete Case' }).click()
  await expect(confirm.getByRole('alert')).toHaveText('This case is being played in a running session. Delete it once that session has ended.')
  await screenshotDialog(confirm, 'admin-case-in-use')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(await api.findCase(`${title} (revised)`)).toBeDefined()

  await doctor.post(`/sessions/${code}/end`)
  await closeAll([doctor, observer])
  await deleteButton.click()
  await confirm.getByRole('button', { name: 'Delete Case' }).click()
  await expect(page.getByRole('button', { name: `Edit ${title} (revised)` })).toHaveCount(0)
  expect(await api.findCase(`${title} (revised)`)).toBeUndefined()
})
