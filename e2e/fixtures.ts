import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AuthResponse } from '../schemas/auth.ts'

/** The server's address is only known once the global setup has started it, so it comes from the environment. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup)')
    await use(url)
  },
})

export { expect }

export interface Account {
  name: string
  email: string
  password: string
}

/** A fresh account per test keeps tests independent (they run in parallel against one server). */
export function newAccount(label = 'user'): Account {
  const id = randomBytes(5).toString('hex')
  return { name: `Test ${label} ${id}`, email: `${label}-${id}@example.com`, password: `pw-${id}-secret` }
}

export async function registerAccount(request: APIRequestContext, account = newAccount()): Promise<Account> {
  const response = await request.post('/api/auth/register', { data: account })
  expect(response.status(), await response.text()).toBe(201)
  return account
}

export async function loginByApi(request: APIRequestContext, account: Account): Promise<AuthResponse> {
  const response = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as AuthResponse
}

/** Signs in without the form (for tests about something else): what a successful login leaves in storage. */
export async function signInAs(page: Page, request: APIRequestContext, account: Account, landOn = '/dashboard') {
  const auth = await loginByApi(request, account)
  await page.goto('/login')
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token)
    localStorage.setItem('user', JSON.stringify(user))
  }, auth)
  await page.goto(landOn)
  return auth
}

const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Small screens must never scroll the page sideways: wide content scrolls inside its own box. */
export async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth))
}
