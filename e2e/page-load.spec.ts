import { expect, newAccount, registerAccount, signInAs, test } from './fixtures.ts'

/**
 * A tab opened before a new release asks for page code whose file is gone: it reloads once and the page opens; if
 * the code still cannot be loaded, the page says so instead of going blank.
 */
test('a page whose code is gone reloads once, and says so if it still cannot load', async ({ page, request }) => {
  await signInAs(page, request, await registerAccount(request, newAccount('release')), '/dashboard')
  let refused = 0
  await page.route(/\/assets\/Progress-[\w-]+\.js$/, (route) => (refused++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue()))
  await page.getByRole('link', { name: 'My progress' }).first().click()
  await expect(page.getByRole('heading', { name: 'My progress', level: 1 })).toBeVisible()
  expect(refused).toBe(2)

  await page.goto('/dashboard')
  await page.route(/\/assets\/Progress-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }))
  await page.getByRole('link', { name: 'My progress' }).first().click()
  await expect(page.getByRole('alert')).toContainText('This page could not be loaded')
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
})
