import { resetLinkIn } from '../test/helpers/smtp.ts'
import { waitForMail } from './mailbox.ts'
import { expect, newAccount, registerAccount, screenshot, test } from './fixtures.ts'

test('registration shows every validation message, then leads to sign-in and the dashboard', async ({ page }) => {
  const account = newAccount('register')
  await page.goto('/register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  for (const message of ['Full name is required', 'Email is required', 'Password is required', 'Please confirm your password']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page.getByLabel('Full name')).toBeFocused()

  const name = page.getByLabel('Full name')
  await name.fill('A')
  await name.blur()
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  const describedBy = await name.getAttribute('aria-describedby')
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Name must be at least 2 characters')

  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Email').blur()
  await expect(page.getByText('Invalid email address')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('12345')
  await page.getByLabel('Password', { exact: true }).blur()
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
  await page.getByLabel('Confirm password').fill('something else')
  await page.getByLabel('Confirm password').blur()
  await expect(page.getByText('Passwords must match')).toBeVisible()
  await screenshot(page, 'register-errors')

  await name.fill(account.name)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByLabel('Confirm password').fill(account.password)
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Registration successful! Please sign in with your new account.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible()
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email)).toBe(account.email)
})

test('registering a taken email shows the server error', async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/register')
  await page.getByLabel('Full name').fill(account.name)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByLabel('Confirm password').fill(account.password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email is already taken')
  await expect(page).toHaveURL(/\/register$/)
})

test('sign-in validates, shows the server error for a wrong password, and lands on the dashboard', async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await expect(page.getByText('Password is required')).toBeVisible()
  await screenshot(page, 'login-errors')

  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')

  // Hold the answer back a moment to see the pending state.
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('button', { name: `Account menu for ${account.name}` })).toBeVisible()
})

test('a signed-out visit to a signed-in page comes back there after sign-in', async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible()
})

test('Start Practicing while signed out goes through sign-in to the create-session page', async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/')
  await page.getByRole('button', { name: 'Start Practicing' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/session\/create$/)
  await page.goto('/')
  await page.getByRole('button', { name: 'Start Practicing' }).click()
  await expect(page).toHaveURL(/\/session\/create$/)
})

test('forgot password sends a real mail whose link resets the password', async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Email is required')).toBeVisible()
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Check your email for the password reset link.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send Another Email' })).toBeVisible()
  await screenshot(page, 'forgot-password-sent')

  const link = resetLinkIn(await waitForMail(account.email))
  await page.goto(link.pathname + link.search)
  const newPassword = `${account.password}-new`
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Passwords must match')).toBeVisible()
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password has been reset')
  const shownAt = Date.now()
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 })
  expect(Date.now() - shownAt).toBeGreaterThan(2000)

  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(newPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // The link works once only.
  await page.goto(link.pathname + link.search)
  await page.getByLabel('New password', { exact: true }).fill('another-one')
  await page.getByLabel('Confirm new password').fill('another-one')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('alert')).toContainText('Invalid reset token')
})

test('the reset page without a token says so and links to a new request', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeVisible()
  await page.getByRole('link', { name: 'Request a new reset link' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
})

test('failed calls show the network message or the server words, else the page fallback', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'))
  await page.goto('/login')
  await page.getByLabel('Email').fill('someone@example.com')
  await page.getByLabel('Password').fill('whatever')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again.')

  // A success that is not ours (a captive portal's page) signs nobody in.
  await page.unroute('**/api/auth/login')
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Sign in to the hotel wifi</html>' }))
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Network error. Please check your connection and try again.')
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

  await page.route('**/api/auth/forgot-password', (route) =>
    route.fulfill({ status: 429, json: { error: 'Too many attempts. Please wait 3600 seconds and try again.', retryAfterSeconds: 3600 } }),
  )
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill('someone@example.com')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait 3600 seconds and try again.')

  await page.unroute('**/api/auth/forgot-password')
  await page.route('**/api/auth/forgot-password', (route) => route.fulfill({ status: 502, body: '<html>Bad gateway</html>' }))
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('alert')).toHaveText('Failed to process password reset request')
})
