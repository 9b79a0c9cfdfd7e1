import { readFile } from 'node:fs/promises'
import { expect, newAccount, noHorizontalScroll, registerAccount, signInAs, test } from './fixtures.ts'

test('from the profile, download all my data, then delete the account', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const account = await registerAccount(request, newAccount('leaver'))
  const { token } = await signInAs(page, request, account, '/profile')

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download all my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('plab-practice-my-data.json')
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(data.account).toMatchObject({ name: account.name, email: account.email, provider: 'LOCAL' })
  expect(data).toMatchObject({ sessions: [], feedbackGiven: [], feedbackReceived: [] })
  await noHorizontalScroll(page)

  const deleteForm = page.getByRole('form', { name: 'Delete my account' })
  await deleteForm.getByLabel('Password to confirm deletion').fill('not-my-password')
  await deleteForm.getByRole('button', { name: 'Delete My Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('Current password is incorrect')
  expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)

  await deleteForm.getByLabel('Password to confirm deletion').fill(account.password)
  await deleteForm.getByRole('button', { name: 'Delete My Account' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.')
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401)
})
