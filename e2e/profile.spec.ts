import { expect, newAccount, registerAccount, screenshot, signInAs, test } from './fixtures.ts'

test('the name update validates, succeeds, and its message clears after 5 s', async ({ page, request }) => {
  const account = await registerAccount(request)
  await signInAs(page, request, account, '/profile')
  await expect(page.getByLabel('Email')).toHaveValue(account.email)
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '')
  await expect(page.getByText('Email cannot be changed')).toBeVisible()

  const name = page.getByLabel('Full name')
  await name.fill('')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await name.fill('x'.repeat(51))
  await expect(page.getByText('Name must be less than 50 characters')).toBeVisible()

  const newName = `${account.name} Renamed`.slice(0, 50)
  await name.fill(newName)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  const message = page.getByText('Profile updated successfully!')
  await expect(message).toBeVisible()
  const shownAt = Date.now()
  await screenshot(page, 'profile')
  await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible()
  await expect(message).toBeHidden({ timeout: 8000 })
  expect(Date.now() - shownAt).toBeGreaterThan(4000)

  await page.reload()
  await expect(page.getByLabel('Full name')).toHaveValue(newName)
})

test('changing the password keeps this browser signed in and cuts the old token', async ({ page, request }) => {
  const account = await registerAccount(request, newAccount('changer'))
  const { token: oldToken } = await signInAs(page, request, account, '/profile')

  await page.getByLabel('Current password').fill('not-my-password')
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password')
  await page.getByLabel('Confirm new password').fill('brand-new-password')
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Current password is incorrect')

  await page.getByLabel('Current password').fill(account.password)
  await page.getByRole('button', { name: 'Change Password' }).click()
  await expect(page.getByText('Password changed successfully!')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveValue('')

  const newToken = await page.evaluate(() => localStorage.getItem('token'))
  expect(newToken).not.toBe(oldToken)
  const withOld = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${oldToken}` } })
  expect(withOld.status()).toBe(401)
  const withNew = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${newToken}` } })
  expect(withNew.status()).toBe(200)

  // The start-up check asks the server with the stored token: still signed in after a reload.
  await page.reload()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('button', { name: `Account menu for ${account.name}` })).toBeVisible()

  // Sign out, then in again through the form: the new password works, the old one no longer does.
  await page.getByRole('button', { name: `Account menu for ${account.name}` }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  await page.getByLabel('Password').fill('brand-new-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a token revoked elsewhere signs the browser out at start and asks to sign in again', async ({ page, request }) => {
  const account = await registerAccount(request)
  const { token } = await signInAs(page, request, account, '/profile')
  const changed = await request.post('/api/auth/change-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword: account.password, newPassword: 'changed-elsewhere' },
  })
  expect(changed.ok()).toBe(true)
  await page.reload()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('a 401 on any call signs out and returns to the page after signing in again', async ({ page, request }) => {
  const account = await registerAccount(request)
  const { token } = await signInAs(page, request, account, '/profile')
  await expect(page.getByLabel('Full name')).toHaveValue(account.name)
  const newPassword = 'changed-in-another-tab'
  await request.post('/api/auth/change-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword: account.password, newPassword },
  })
  await page.getByLabel('Full name').fill('Never Saved')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByLabel('Full name')).toHaveValue(account.name)
})

test('a Google account has no change-password card', async ({ page, request }) => {
  const account = await registerAccount(request)
  // No real Google account can exist here: the start-up refresh answers with the same user as provider GOOGLE.
  await page.route('**/api/auth/me', async (route) => {
    const answer = await route.fetch()
    const { user } = await answer.json()
    await route.fulfill({ json: { user: { ...user, provider: 'GOOGLE', googleId: '1093' } } })
  })
  await signInAs(page, request, account, '/profile')
  await expect(page.getByText('You sign in with Google.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Change password' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible()
})
