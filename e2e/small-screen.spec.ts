import { expect, noHorizontalScroll, registerAccount, screenshot, signInAs, test } from './fixtures.ts'

test.use({ viewport: { width: 360, height: 740 } })

test('landing, login and register fit a 360 px screen', async ({ page }) => {
  for (const [path, name] of [
    ['/', 'landing'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/forgot-password', 'forgot-password'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await noHorizontalScroll(page)
    await screenshot(page, `${name}-360`)
  }
  // Errors under every field must not widen the page either.
  await page.goto('/register')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Full name is required')).toBeVisible()
  await noHorizontalScroll(page)
})

test('signed in at 360 px, the session links move into the account menu', async ({ page, request }) => {
  const account = await registerAccount(request)
  await signInAs(page, request, account, '/profile')
  await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible()
  await noHorizontalScroll(page)
  await screenshot(page, 'profile-360')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Join Session' })).toBeHidden()
  await page.getByRole('button', { name: /Account menu/ }).click()
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Find Partners', 'Join Session', 'Start Session', 'Dashboard', 'My Progress', 'My Partners', 'Practise Alone', 'My Recordings', 'My Cases', 'My Profile', 'Logout'])
  await noHorizontalScroll(page)
  await screenshot(page, 'menu-360')
  await page.getByRole('menuitem', { name: 'Join Session' }).click()
  await expect(page).toHaveURL(/\/session\/join$/)
})
