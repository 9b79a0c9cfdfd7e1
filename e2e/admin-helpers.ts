import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { CaseView, CategoryView } from '../schemas/content.ts'
import { expect, loginByApi, signInAs, type Account } from './fixtures.ts'

/** What the admin panel tests share: the admin made by the global setup, its API, and the editor's groups. */

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const FIXTURES = path.join(HERE, 'fixtures')

export const admin = (): Account => ({ name: 'Test Admin', email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! })

export async function adminApi(request: APIRequestContext) {
  const { token } = await loginByApi(request, admin())
  const headers = { Authorization: `Bearer ${token}` }
  return {
    createCategory: async (name: string) => {
      const response = await request.post('/api/categories', { headers, data: { name } })
      expect(response.status(), await response.text()).toBe(201)
      return (await response.json()) as CategoryView
    },
    /** `content`: any other fields of the body (WIRE.md section 5). */
    createCase: async (title: string, categoryId: number, content: Record<string, unknown> = {}) => {
      const response = await request.post('/api/cases', { headers, data: { ...content, title, category: { id: categoryId } } })
      expect(response.status(), await response.text()).toBe(201)
    },
    findCase: async (title: string) => ((await (await request.get('/api/cases', { headers })).json()) as CaseView[]).find((item) => item.title === title),
  }
}

export async function openAdmin(page: Page, request: APIRequestContext) {
  await signInAs(page, request, admin(), '/admin')
  await expect(page.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
}

/** Exact: "Criterion 2" would otherwise also match "Sub-criteria of criterion 2". */
export const group = (scope: Locator, name: string) => scope.getByRole('group', { name, exact: true })

/** A modal is shot on its own: a full-page shot of the page under it would show mostly the page. */
export async function screenshotDialog(dialog: Locator, name: string) {
  await dialog.screenshot({ path: path.join(HERE, 'screenshots', `${name}.png`) })
}
