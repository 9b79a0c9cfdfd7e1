import type { Page } from '@playwright/test'
import { expect, registerAccount, screenshot, signInAs, test } from './fixtures.ts'

/** A JWT-shaped token whose payload carries the given exp (the client checks only that). */
function tokenWithExp(exp: unknown) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp })}.signature`
}

async function storeAuth(page: Page, token: string) {
  await page.goto('/login')
  await page.evaluate((t) => {
    localStorage.setItem('token', t)
    localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Stale User', email: 'stale@example.com', role: 'USER', provider: 'LOCAL' }))
  }, token)
  await page.goto('/')
}

test('the signed-out bar offers Login and Get Started', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible()
  await nav.getByRole('link', { name: 'Get Started' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('main')).toBeFocused()
  for (const landmark of ['banner', 'main', 'contentinfo'] as const) await expect(page.getByRole(landmark)).toHaveCount(1)
})

test('the landing page shows its features, checks the contact form and its footer leads to it', async ({ page }) => {
  await page.goto('/')
  for (const name of ['Practice sessions', 'Timed stations', 'Performance feedback', 'Clinical cases', 'Peer learning', 'Progress tracking']) {
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible()
  }
  const contact = page.getByRole('form', { name: 'Contact' })
  await contact.getByRole('button', { name: 'Send message' }).click()
  for (const message of ['Please enter your name', 'Email is required', 'Please enter a message']) {
    await expect(contact.getByText(message)).toBeVisible()
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click()
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeInViewport()
  await screenshot(page, 'landing')
})

test('logout returns to the landing page and signed-in pages then ask to sign in', async ({ page, request }) => {
  const account = await registerAccount(request)
  await signInAs(page, request, account, '/profile')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Join Session' })).toBeVisible()
  await nav.getByRole('link', { name: 'Start Session' }).click()
  await expect(page).toHaveURL(/\/session\/create$/)
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
})

for (const [label, token] of [
  ['expired', tokenWithExp(Math.floor(Date.now() / 1000) - 60)],
  ['not a JWT', 'not-a-token'],
  ['undecodable', 'aaa.%%%.bbb'],
  ['exp not a number', tokenWithExp('tomorrow')],
] as const) {
  test(`a stored token that is ${label} is removed at start`, async ({ page }) => {
    await storeAuth(page, token)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null])
  })
}

test('/admin: signed out goes to sign-in, a USER goes to the dashboard', async ({ page, request }) => {
  const account = await registerAccount(request)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // The remembered /admin is not for this user: the admin guard sends them on to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.getByRole('button', { name: /Account menu/ }).click()
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0)
})

test('an ADMIN sees the Admin Panel item and may open /admin', async ({ page, request }) => {
  const admin = { name: 'Test Admin', email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! }
  await signInAs(page, request, admin, '/dashboard')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
})

test('the avatar menu works with the keyboard alone', async ({ page, request }) => {
  const account = await registerAccount(request)
  await signInAs(page, request, account, '/dashboard')
  const button = page.getByRole('button', { name: `Account menu for ${account.name}` })
  await button.focus()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'My Progress', 'My Partners', 'Practise Alone', 'My Recordings', 'My Cases', 'My Profile', 'Logout'])
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'My Progress' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeHidden()
  await expect(button).toBeFocused()

  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused()
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await screenshot(page, 'profile-after-menu')
})

test('the Google button is absent when the server has no Google client id', async ({ page, request }) => {
  const config = await (await request.get('/api/config')).json()
  expect(config.googleClientId).toBeNull()
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
  // Give the config call time to answer before asserting absence.
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('google-button')).toHaveCount(0)
  await expect(page.getByText('or', { exact: true })).toHaveCount(0)
})

test('an unknown session room and an unknown page say so', async ({ page, request }) => {
  const account = await registerAccount(request)
  await signInAs(page, request, account, '/session/K7MQ-2XD9/room')
  await expect(page.getByText('Session not found. Please verify the session code: K7MQ-2XD9')).toBeVisible()
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
