import { normaliseCase } from '../../server/content/case-rules.ts'
import { findCase, saveCase } from '../../server/content/cases-repo.ts'
import type { Db } from '../../server/db/connect.ts'
import type { CaseBody } from '../../schemas/content.ts'
import { call, signedInUser, type TestApp } from '../helpers/app.ts'

/** Strings only the patient's script and mark scheme contain: the doctor must never receive them mid-case. */
export const SECRETS = ['PATIENT-SCRIPT-SECRET', 'PATIENT-SECTION-SECRET', 'TITLE-SECRET', 'MARK-SCHEME-SECRET']

export const CRITERIA = [
  { id: 'c-history', name: 'MARK-SCHEME-SECRET history', order: 0, hasSubCriteria: false, subCriteria: [] },
  {
    id: 'c-comms',
    name: 'Communication',
    order: 1,
    hasSubCriteria: true,
    subCriteria: [
      { id: 's-empathy', name: 'Empathy', order: 0 },
      { id: 's-clarity', name: 'Clarity', order: 1 },
    ],
  },
]

/** A small bank: `perCategory` cases in each named category, every one with the same two-criterion mark scheme. */
export async function seedBank(db: Db, categories: Record<string, number>, recallDates: string[] = []): Promise<number[]> {
  const ids: number[] = []
  for (const [name, count] of Object.entries(categories)) {
    const category = await db.insertInto('categories').values({ name, description: null }).returning('id').executeTakeFirstOrThrow()
    for (let n = 1; n <= count; n += 1) {
      // Through saveCase, as every case of the bank is stored: with its version 1 (issue 35), which sessions show.
      const saved = await saveCase(
        db,
        normaliseCase({
          title: `TITLE-SECRET ${name} ${n}`,
          description: `A ${name} consultation`,
          category: { id: category.id },
          doctorNotes: `Doctor brief for ${name} ${n}`,
          patientNotes: `PATIENT-SCRIPT-SECRET ${name} ${n}`,
          doctorSections: [{ id: 'd1', title: 'Task', content: 'Take a history', order: 0 }],
          patientSections: [{ id: 'p1', title: 'Script', content: 'PATIENT-SECTION-SECRET', order: 0 }],
          visualData: { type: 'text', content: 'BP 120/80' },
          imageUrl: null,
          feedbackCriteria: CRITERIA,
          isRecallCase: recallDates.length > 0,
          recallDates,
        }),
      )
      if (!saved.ok) throw new Error(`case not saved: ${saved.reason}`)
      const row = { id: saved.id }
      ids.push(row.id)
    }
  }
  return ids
}

/** An edit of a case as the admin's editor makes it: its next version, which sessions draw from now on. */
export async function editCase(db: Db, caseId: number, changes: Partial<Record<keyof CaseBody, unknown>>): Promise<number> {
  const stored = await findCase(db, caseId)
  if (!stored) throw new Error(`no case ${caseId}`)
  const saved = await saveCase(db, normaliseCase({ ...stored, ...changes } as CaseBody), caseId)
  if (!saved.ok) throw new Error(`case not saved: ${saved.reason}`)
  return saved.version
}

export type User = Awaited<ReturnType<typeof signedInUser>>

/** Three accounts: the host (doctor) and two who will join as patient and observer. */
export async function threeUsers(t: TestApp) {
  return {
    doctor: await signedInUser(t, { name: 'Dora Doctor' }),
    patient: await signedInUser(t, { name: 'Pat Patient' }),
    observer: await signedInUser(t, { name: 'Olly Observer' }),
  }
}

/** Calls the API as a user. */
export function as(t: TestApp, user: User) {
  const request = (method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}) =>
    call(t.app, { method, url: `/api${url}`, body, headers: { ...user.auth, ...headers } })
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body?: object, headers?: Record<string, string>) => request('POST', url, body ?? {}, headers),
  }
}

/** Full marks on the test mark scheme, in the client's shape. */
export function scores(score = 3, subScore = 2) {
  return [
    { criterionId: 'c-history', criterionName: 'History', score, subScores: [] },
    {
      criterionId: 'c-comms',
      criterionName: 'Communication',
      score: null,
      subScores: [
        { subCriterionId: 's-empathy', subCriterionName: 'Empathy', score: subScore },
        { subCriterionId: 's-clarity', subCriterionName: 'Clarity', score: subScore },
      ],
    },
  ]
}

/**
 * A session created and configured by the doctor, with patient and observer joined: waiting to start. `configure:
 * false` leaves it as created, for topics with no case yet (which configuring refuses).
 */
export async function readyRoom(t: TestApp, config: Record<string, unknown> = { selectedTopics: ['Cardiology'] }, { configure = true } = {}) {
  const users = await threeUsers(t)
  const created = await as(t, users.doctor).post('/sessions', { title: 'Practice', ...config })
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.json)}`)
  const code: string = created.json.sessionCode
  const configured = configure ? await as(t, users.doctor).post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN', ...config }) : { status: 200, json: null }
  if (configured.status !== 200) throw new Error(`configure failed: ${JSON.stringify(configured.json)}`)
  await as(t, users.patient).post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  await as(t, users.observer).post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  return { ...users, code }
}

/** The doctor skips the reading and the consultation: the room is in its feedback phase. */
export async function skipToFeedback(doctor: ReturnType<typeof as>, code: string) {
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
}
