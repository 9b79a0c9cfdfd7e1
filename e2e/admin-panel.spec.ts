import { adminApi, group, openAdmin, screenshotDialog } from './admin-helpers.ts'
import { expect, noHorizontalScroll, screenshot, test } from './fixtures.ts'
import { unique } from './session-helpers.ts'

test('an admin adds, renames and deletes a category, and is told why one in use cannot go', async ({ page, request }) => {
  const api = await adminApi(request)
  const inUse = await api.createCategory(unique('Cardiology'))
  await api.createCase(unique('Chest pain'), inUse.id)
  const name = unique('Ophthalmology')
  await openAdmin(page, request)
  await page.getByRole('tab', { name: 'Categories' }).click()

  await page.getByRole('button', { name: 'Add Category' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await page.getByLabel('New category name').fill(name)
  await page.getByRole('button', { name: 'Add Category' }).click()
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible()
  await page.getByLabel('New category name').fill(name.toUpperCase())
  await page.getByRole('button', { name: 'Add Category' }).click()
  await expect(page.getByText('Category with this name already exists')).toBeVisible()

  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await page.getByLabel(`New name for ${name}`).fill(`${name} and ENT`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('cell', { name: `${name} and ENT`, exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: `Edit ${name} and ENT` })).toBeFocused()

  await page.getByLabel('Search categories').fill(name.split(' ')[1])
  await expect(page.getByText(/^Showing 1 of \d+ categories$/)).toBeVisible()
  await page.getByRole('button', { name: `Delete ${name} and ENT` }).click()
  await page.getByRole('dialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete Category' }).click()
  await expect(page.getByRole('cell', { name: `${name} and ENT`, exact: true })).toHaveCount(0)

  await page.getByLabel('Search categories').fill(inUse.name)
  await expect(page.getByRole('row', { name: new RegExp(inUse.name) })).toContainText('1 case')
  await page.getByRole('button', { name: `Delete ${inUse.name}` }).click()
  const refusal = page.getByRole('dialog', { name: 'Delete category?' })
  await refusal.getByRole('button', { name: 'Delete Category' }).click()
  await expect(refusal.getByRole('alert')).toHaveText('Cannot delete a category that still has cases. Move or delete its 1 case first.')
  await screenshot(page, 'admin-category-refused')
  await refusal.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('cell', { name: inUse.name, exact: true })).toBeVisible()
})

test('the admin panel works at 360 px: the page never scrolls sideways', async ({ page, request }) => {
  const api = await adminApi(request)
  await api.createCase(unique('Breathlessness on exertion in a long-distance runner'), (await api.createCategory(unique('Respiratory'))).id)
  await page.setViewportSize({ width: 360, height: 740 })
  await openAdmin(page, request)
  await noHorizontalScroll(page)
  await screenshot(page, 'admin-360')

  await page.getByRole('button', { name: 'Add New Case' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create New Case' })
  await dialog.getByRole('button', { name: 'Add Criterion' }).click()
  await group(dialog, 'Criterion 1').getByLabel('Has sub-criteria').check()
  await group(dialog, 'Criterion 1').getByRole('button', { name: 'Add Sub-criterion' }).click()
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  await screenshotDialog(dialog, 'admin-case-editor-360')
  await page.keyboard.press('Escape')
  await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('tab', { name: 'User Management' }).click()
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible()
  await noHorizontalScroll(page)
  await screenshot(page, 'admin-users-360')
})
