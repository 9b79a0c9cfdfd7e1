import type { Page } from '@playwright/test'
import { expect, loginByApi, registerAccount, test } from './fixtures.ts'

/**
 * Google cannot be reached from the tests, so its script is replaced by a stand-in with the same API whose
 * button hands the page a credential, and the server's config is made to announce a client id.
 */
const FAKE_GIS = `
window.google = { accounts: { id: {
  initialize(options) { window.__gis = options },
  renderButton(parent) {
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'Sign in with Google (test double)'
    button.onclick = () => window.__gis.callback({ credential: 'header.payload.signature' })
    parent.appendChild(button)
  },
} } }
`

async function withGoogleConfigured(page: Page, script: 'fake' | 'unreachable' = 'fake') {
  await page.route('**/api/config', (route) => route.fulfill({ json: { googleClientId: 'test-client.apps.googleusercontent.com' } }))
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    script === 'fake' ? route.fulfill({ contentType: 'text/javascript', body: FAKE_GIS }) : route.abort('internetdisconnected'),
  )
  await page.goto('/login')
}

const googleButton = (page: Page) => page.getByRole('button', { name: 'Sign in with Google (test double)' })

test('the real server without Google configured answers 500: the configuration message is shown', async ({ page }) => {
  await withGoogleConfigured(page)
  await googleButton(page).click()
  await expect(page.getByRole('alert')).toHaveText('Server configuration error. Google OAuth may not be properly configured.')
})

test('Google errors map to the spec messages', async ({ page }) => {
  await withGoogleConfigured(page)
  const answers = [
    { status: 401, json: { error: 'Invalid or expired Google ID token' }, shown: 'Invalid Google account credentials. Please try again.' },
    { status: 400, json: { error: 'Email not verified' }, shown: 'Google authentication failed: Email not verified' },
    { status: 502, json: {}, shown: 'Google authentication failed. Please try again.' },
  ]
  for (const answer of answers) {
    await page.unroute('**/api/auth/google')
    await page.route('**/api/auth/google', (route) => route.fulfill({ status: answer.status, json: answer.json }))
    await googleButton(page).click()
    await expect(page.getByRole('alert')).toHaveText(answer.shown)
  }
  await expect(page).toHaveURL(/\/login$/)
})

test('a Google sign-in stores the answer and goes to the dashboard', async ({ page, request }) => {
  const auth = await loginByApi(request, await registerAccount(request))
  await withGoogleConfigured(page)
  let sent: unknown
  await page.route('**/api/auth/google', (route) => {
    sent = route.request().postDataJSON()
    return route.fulfill({ json: auth })
  })
  await googleButton(page).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(sent).toEqual({ idToken: 'header.payload.signature' })
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(auth.token)
})

test('an unreachable Google script gives the initialisation message', async ({ page }) => {
  await withGoogleConfigured(page, 'unreachable')
  await expect(page.getByRole('alert')).toHaveText('Failed to initialize Google Sign-In')
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
})
