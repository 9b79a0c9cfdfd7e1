import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import type { Db } from '../../server/db/connect.ts'
import { DEMO_BANK_DIR } from '../../server/content/demo-bank.ts'
import { call, signedInUser, testApp, type TestApp } from '../helpers/app.ts'
import { multipart, png } from '../content/images.ts'

export type Admin = Awaited<ReturnType<typeof signedInUser>>

/** A real station of the shipped bank: the exam's shape, with its checklist in every domain. */
export const demoStation = () => JSON.parse(readFileSync(path.join(DEMO_BANK_DIR, 'cardiology.json'), 'utf8')).cases[0].station

/** An uploaded PNG of 3x2 grey pixels, and the URL the upload answered. */
export const IMAGE = png(3, 2)

/**
 * A small bank through the admin's own routes: a station case, a case in the older shape that shows an uploaded
 * image, and one whose image is a web address elsewhere.
 */
export async function seedSmallBank(t: TestApp, admin: Admin) {
  const post = (url: string, body: object) => call(t.app, { method: 'POST', url, headers: admin.auth, body })
  const cardiology = (await post('/api/categories', { name: 'Cardiology' })).json
  const psychiatry = (await post('/api/categories', { name: 'Psychiatry' })).json
  const { payload, headers } = multipart([{ name: 'file', filename: 'ecg.png', contentType: 'image/png', content: IMAGE }])
  const imageUrl = (await call(t.app, { method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...admin.auth } })).json.url as string
  const station = await post('/api/cases', { title: 'Chest pain at the surgery', description: 'A station case', category: cardiology, station: demoStation() })
  const older = await post('/api/cases', {
    title: 'Palpitations, older shape',
    description: 'Written before stations',
    category: cardiology,
    doctorNotes: 'Take a focused history.',
    patientNotes: 'You feel your heart racing.',
    doctorSections: [{ id: 'section-a', title: 'Task', content: 'Explain the ECG', order: 0 }],
    feedbackCriteria: [{ id: 'c1', name: 'History', domain: 'DATA_GATHERING', hasSubCriteria: true, subCriteria: [{ id: 's1', name: 'Onset' }] }],
    visualData: { type: 'image', content: imageUrl },
    isRecallCase: true,
    recallDates: ['2024-05-01'],
  })
  const external = await post('/api/cases', { title: 'Low mood', category: psychiatry, imageUrl: 'https://example.org/mood-chart.png', telephoneConsultation: true })
  for (const made of [station, older, external]) if (made.status !== 201) throw new Error(`seeding failed: ${JSON.stringify(made.json)}`)
  return { imageUrl, ids: [station.json.id, older.json.id, external.json.id] as number[] }
}

export const exportBank = (t: TestApp, admin: Admin, query = '') => call(t.app, { method: 'GET', url: `/api/case-packs/export${query}`, headers: admin.auth })

export const importPack = (t: TestApp, admin: Admin, pack: unknown) => call(t.app, { method: 'POST', url: '/api/case-packs/import', headers: admin.auth, body: pack })

/** What a bank holds that an import may change: every case by key with its current version, and every version kept. */
export async function bankState(db: Db) {
  const cases = await db.selectFrom('cases').select(['case_key', 'current_version', 'updated_at']).orderBy('id').execute()
  const versions = await db.selectFrom('case_versions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
  const categories = await db.selectFrom('categories').select('name').orderBy('id').execute()
  return {
    cases: cases.map((row) => ({ key: row.case_key, version: row.current_version, updatedAt: new Date(row.updated_at).toISOString() })),
    versions: versions.n,
    categories: categories.map((row) => row.name),
  }
}

/** Two apps, each on its own fresh database and data folder, with an admin each: where a pack comes from and goes to. */
export async function twoBanks(tap: { teardown(fn: () => Promise<void>): void }) {
  const source = await testApp()
  const target = await testApp()
  tap.teardown(async () => {
    await source.close()
    await target.close()
  })
  return { source, target, admin: await signedInUser(source, { role: 'ADMIN' }), targetAdmin: await signedInUser(target, { role: 'ADMIN' }) }
}
