import { adminApi, admin, openAdmin } from './admin-helpers.ts'
import { expect, loginByApi, newAccount, registerAccount, signInAs, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { createTopic } from './session-helpers.ts'

/**
 * Issue 35's pages beside the review flow: a candidate finds a station on a phone without learning its title and
 * practises it alone; an admin finds a case by a word of its script, reads what an edit changed, and restores the
 * version before it.
 */
test('a candidate finds a station by its filters, sees nothing of its script, and practises it alone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 760 })
  const topic = await createTopic(request, 1, { station: true })
  const [station] = topic.cases
  await signInAs(page, request, await registerAccount(request, newAccount('finder')), '/practise-alone')
  await page.getByRole('link', { name: 'find a case' }).click()
  await expect(page.getByRole('heading', { name: 'Find a case', level: 1 })).toBeVisible()
  const filters = page.getByRole('search', { name: 'Filter the cases' })
  await filters.getByRole('combobox', { name: 'Topic' }).selectOption({ label: topic.name })
  const results = page.getByRole('region', { name: 'Cases', exact: true }).getByRole('listitem')
  await expect(results).toHaveCount(1)
  await expect(results.first().getByRole('heading', { level: 3 })).toHaveText(`History taking station: ${topic.name}`)
  await expect(results.first()).toContainText('Not played yet')
  await expect(page.locator('main')).not.toContainText(station.title)
  await expect(page.locator('main')).not.toContainText(station.patientScript)
  expect(page.url(), 'the filters are kept in the address').toContain('topic=')
  await page.reload()
  await expect(results).toHaveCount(1)
  await nothingOffScreenSideways(page)
  expect(await axeViolations(page)).toEqual([])

  await results.first().getByRole('button', { name: 'Practise alone with this case' }).click()
  await expect(page).toHaveURL(/\/practise-alone\/\d+$/)
  await expect(page.getByText(station.doctorBrief)).toBeVisible()
})

test('an admin finds a case by a word of its script, compares two versions and restores the first', async ({ page, request }) => {
  const topic = await createTopic(request, 1, { station: true })
  const [station] = topic.cases
  const api = await adminApi(request)
  const saved = (await api.findCase(station.title))!
  const { token } = await loginByApi(request, admin())
  const edited = await request.put(`/api/cases/${saved.id}`, { headers: { Authorization: `Bearer ${token}` }, data: { ...saved, description: 'A 54-year-old attends with breathlessness.' } })
  expect(edited.status(), await edited.text()).toBe(200)

  await openAdmin(page, request)
  await page.getByRole('tab', { name: 'Cases' }).click()
  const search = page.getByRole('search', { name: 'Search the cases' })
  // A word only the patient's script holds, stemmed: "worried" finds the case whose script says "worried".
  await search.getByRole('searchbox', { name: 'Search cases' }).fill(`worried ${station.title.split(' ').at(-1)}`)
  const listed = page.getByRole('list', { name: 'Cases' }).getByRole('listitem')
  await expect(listed).toHaveCount(1)
  await expect(listed.first()).toContainText(station.title)
  await expect(listed.first()).toContainText('version 2')
  await expect(listed.first()).toContainText('Not rated yet')

  await listed.first().getByRole('button', { name: `History of ${station.title}` }).click()
  const dialog = page.getByRole('dialog', { name: `History of "${station.title}"` })
  const versions = dialog.getByRole('region', { name: 'Versions', exact: true })
  await expect(versions.getByText('Version 2 (current)')).toBeVisible()
  await expect(dialog.getByRole('status').filter({ hasText: /difference/ })).toHaveText('1 difference:')
  // Marked for the eye and in words for a screen reader: not by colour alone.
  await expect(dialog.getByRole('deletion').filter({ hasText: 'chest pain' })).toHaveText(/removed: chest pain/)
  await expect(dialog.getByRole('insertion').filter({ hasText: 'breathlessness' })).toHaveText(/added: breathlessness/)
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Restore version 1' }).click()
  await page.getByRole('dialog', { name: /Restore version 1/ }).getByRole('button', { name: 'Restore version 1' }).click()
  await expect(versions.getByText('Version 3 (current)')).toBeVisible()
  await expect.poll(async () => (await api.findCase(station.title))?.description).toBe('A 54-year-old attends with chest pain.')
})
