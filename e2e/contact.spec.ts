import { randomBytes } from 'node:crypto'
import { openAdmin } from './admin-helpers.ts'
import { expect, noHorizontalScroll, test } from './fixtures.ts'
import { waitForMail } from './mailbox.ts'

const PHONE = { width: 360, height: 740 }
// global-setup.ts sets these as the server's COMMUNITY_URL, DONATION_URL and CONTACT_EMAIL.
const LINKS = { community: 'https://chat.example.org/plab-e2e', donation: 'https://donate.example.org/plab-e2e', contact: 'inbox-e2e@example.org' }

test('a visitor on a phone writes to the team from the landing; the draft survives a reload; an admin answers it', async ({ page, request }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Join the community' }).getByRole('link', { name: /community chat/ })).toHaveAttribute('href', LINKS.community)
  await expect(page.getByRole('link', { name: /Make a donation/ })).toHaveAttribute('href', LINKS.donation)
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: LINKS.contact })).toHaveAttribute('href', `mailto:${LINKS.contact}`)

  const writer = `Visitor ${randomBytes(3).toString('hex')}`
  const contact = page.getByRole('form', { name: 'Contact' })
  await contact.getByLabel('Your name').fill(writer)
  await contact.getByLabel('Your email').fill('visitor@example.com')
  await contact.getByLabel('Message').fill('Do you have cases\nfor the telephone stations?')
  await page.reload()
  await expect(contact.getByLabel('Message'), 'the draft is kept through a reload').toHaveValue('Do you have cases\nfor the telephone stations?')
  await expect(contact.getByLabel('Your name')).toHaveValue(writer)
  await noHorizontalScroll(page)

  await contact.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'your message has reached us' })).toBeVisible()
  await expect(contact.getByLabel('Message')).toHaveValue('')
  const mail = await waitForMail(LINKS.contact)
  expect(mail.raw).toContain(`Reply-To: ${writer} <visitor@example.com>`)

  await openAdmin(page, request)
  await page.getByRole('tab', { name: 'Messages' }).click()
  const message = page.getByRole('article', { name: new RegExp(writer) })
  await expect(message).toContainText('for the telephone stations?')
  await expect(message.getByRole('link', { name: 'Reply by email' })).toHaveAttribute('href', /^mailto:visitor@example\.com/)
  await noHorizontalScroll(page)
  await message.getByRole('button', { name: 'Mark as answered' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked as answered' })).toBeVisible()
  await expect(message, 'an answered message leaves the waiting list').toHaveCount(0)
  await page.getByRole('button', { name: 'All messages' }).click()
  await expect(message).toContainText('answered by Test Admin')
})
