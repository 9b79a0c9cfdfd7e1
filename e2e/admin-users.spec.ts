import { randomBytes } from 'node:crypto'
import { admin } from './admin-helpers.ts'
import { expect, newAccount, registerAccount, screenshot, signInAs, test, type Account } from './fixtures.ts'

test('an admin searches, filters and pages the users, promotes one and deletes another', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(90_000)
  // Other tests add accounts at the same time: a tag of our own keeps these counts exact.
  const tag = `pager${randomBytes(3).toString('hex')}`
  const accounts: Account[] = []
  for (let index = 0; index < 12; index++) accounts.push(await registerAccount(request, newAccount(tag)))

  await signInAs(page, request, admin(), '/admin')
  await page.getByRole('tab', { name: 'User Management' }).click()
  const stats = page.getByRole('definition')
  await expect(page.getByText('Total Users')).toBeVisible()
  await expect(page.getByText('Administrators')).toBeVisible()
  await expect(page.getByText('Regular Users')).toBeVisible()
  await expect(stats.first()).toHaveText(/^\d+$/)

  const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr')
  const found = page.getByRole('status').filter({ hasText: /users? found$/ })
  await page.getByLabel('Search users').fill(tag.toUpperCase())
  await expect(found).toHaveText('12 users found')
  await expect(rows).toHaveCount(10)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await expect(rows.first()).toContainText('Email')
  await expect(rows.first()).toContainText('USER')

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(rows).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()

  await page.getByLabel('Rows per page').selectOption('5')
  await expect(page.getByText('Page 1 of 3')).toBeVisible()
  await expect(rows).toHaveCount(5)
  await page.getByRole('button', { name: 'Last page' }).click()
  await expect(page.getByText('Page 3 of 3')).toBeVisible()
  await expect(rows).toHaveCount(2)
  await page.getByLabel('Rows per page').selectOption('25')
  await expect(rows).toHaveCount(12)

  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Admins' })
  await expect(found).toHaveText('0 users found')
  await expect(page.getByText('No users match these filters.')).toBeVisible()
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'All Roles' })
  await expect(rows).toHaveCount(12)

  // Promote the first account.
  const promoted = accounts[0]
  await page.getByRole('button', { name: `Change role of ${promoted.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Change User Role' })
  await dialog.getByLabel('Role').selectOption({ label: 'Admin' })
  await dialog.getByRole('button', { name: 'Save Role' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('row', { name: new RegExp(promoted.email) })).toContainText('ADMIN')
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Admins' })
  await expect(found).toHaveText('1 user found')
  await expect(rows).toHaveText([new RegExp(promoted.name)])
  await screenshot(page, 'admin-users')

  // They see the Admin Panel once they sign in again (the role change ended their old sign-in).
  const theirContext = await browser.newContext({ baseURL })
  const theirPage = await theirContext.newPage()
  await theirPage.goto('/login')
  await theirPage.getByLabel('Email').fill(promoted.email)
  await theirPage.getByLabel('Password').fill(promoted.password)
  await theirPage.getByRole('button', { name: 'Sign In' }).click()
  await expect(theirPage).toHaveURL(/\/dashboard$/)
  await theirPage.getByRole('button', { name: `Account menu for ${promoted.name}` }).click()
  await theirPage.getByRole('menuitem', { name: 'Admin Panel' }).click()
  await expect(theirPage.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
  await theirContext.close()

  // Delete another.
  const removed = accounts[1]
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Users' })
  await expect(found).toHaveText('11 users found')
  await page.getByRole('button', { name: `Delete ${removed.name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete user?' })
  await expect(confirm).toContainText(removed.email)
  await confirm.getByRole('button', { name: 'Delete User' }).click()
  await expect(found).toHaveText('10 users found')
  await expect(page.getByRole('row', { name: new RegExp(removed.email) })).toHaveCount(0)
  const login = await request.post('/api/auth/login', { data: { email: removed.email, password: removed.password } })
  expect(login.status()).toBe(400)
})

test('a USER opening /admin lands on the dashboard', async ({ page, request }) => {
  await signInAs(page, request, await registerAccount(request), '/admin')
  await expect(page).toHaveURL(/\/dashboard$/)
})
