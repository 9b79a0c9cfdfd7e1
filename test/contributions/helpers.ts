import { chestPainStation } from '../content/station-fixture.ts'
import { call, signedInUser, type TestApp } from '../helpers/app.ts'
import type { User } from '../sessions/helpers.ts'

/** A contributed station that passes every rule of the bank, in the topic given. */
export function completeCase(categoryId: number, title = 'Chest pain at work') {
  return {
    title,
    description: 'A driver with chest pain',
    category: { id: categoryId },
    station: chestPainStation,
    visualData: { type: 'text', content: 'Sweaty, pale, clutching the chest' },
    isRecallCase: false,
    recallDates: [] as string[],
  }
}

/** The API as one user: every method the contribution routes use. */
export function api(app: TestApp, user: User) {
  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    call(app.app, { method, url: `/api${url}`, body, headers: user.auth })
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body: object = {}) => request('POST', url, body),
    put: (url: string, body: object) => request('PUT', url, body),
    delete: (url: string) => request('DELETE', url),
  }
}

/** A signed-in reviewer (the role an admin grants), set before the account is first read. */
export async function reviewerUser(app: TestApp, name: string) {
  const user = await signedInUser(app, { name })
  await app.database.db.updateTable('users').set({ role: 'REVIEWER' }).where('id', '=', user.id).execute()
  return user
}

export async function newTopic(app: TestApp, name: string): Promise<number> {
  return (await app.database.db.insertInto('categories').values({ name, description: null }).returning('id').executeTakeFirstOrThrow()).id
}

/** A contribution drafted and submitted in one go; answers its id. */
export async function submitted(app: TestApp, author: User, content: object, showName = true): Promise<number> {
  const created = await api(app, author).post('/contributions', { content, showName })
  if (created.status !== 201) throw new Error(`draft not created: ${JSON.stringify(created.json)}`)
  const sent = await api(app, author).post(`/contributions/${created.json.id}/submit`, {})
  if (sent.status !== 200) throw new Error(`not submitted: ${JSON.stringify(sent.json)}`)
  return created.json.id
}
