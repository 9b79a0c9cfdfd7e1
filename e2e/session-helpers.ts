import { randomBytes, randomInt } from 'node:crypto'
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import type { CategoryView } from '../schemas/content.ts'
import { expect, loginByApi, newAccount, registerAccount, signInAs, type Account } from './fixtures.ts'

/**
 * What the session tests share: their own topic and cases made through the admin API (so every test knows
 * exactly which cases a session can draw, whatever other tests run beside it), and players, each a signed-in
 * user in their own browser context.
 */

export const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`

export interface TestCase {
  title: string
  doctorBrief: string
  patientScript: string
  findings: string
}

const admin = (): Account => ({ name: 'Test Admin', email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! })

/** A case with one directly scored criterion and one scored through two sub-criteria: 4 slots, overall out of 8. */
function caseBody(categoryId: number, label: string, { recallDate, imageFindings, notesMarkup, rapport, telephone = false, station = false }: TopicOptions) {
  const id = randomBytes(4).toString('hex')
  const testCase: TestCase = {
    title: `${label} case ${id}`,
    doctorBrief: `DOCTOR-BRIEF-${id}: take a focused history.`,
    patientScript: `PATIENT-SCRIPT-${id}: you are worried about your chest.`,
    findings: `BP 150/95, pulse 96 regular (${id})`,
  }
  const body = {
    title: testCase.title,
    description: 'A 54-year-old attends with chest pain.',
    category: { id: categoryId },
    doctorNotes: `${testCase.doctorBrief}${notesMarkup ?? ''}`,
    patientNotes: testCase.patientScript,
    doctorSections: [{ title: 'Task', content: 'Explain the likely diagnosis.', order: 0 }],
    patientSections: [{ title: 'Opening line', content: 'Doctor, it hurts when I walk.', order: 0 }],
    // An image address that does not exist: the findings modal must say it could not be loaded.
    visualData: imageFindings ? { type: 'image', content: `/uploads/images/${id.repeat(4)}.png` } : { type: 'text', content: testCase.findings },
    feedbackCriteria: [
      { name: 'Data gathering', domain: 'DATA_GATHERING', order: 0, subCriteria: [] },
      { name: 'Management', domain: 'CLINICAL_MANAGEMENT', order: 1, hasSubCriteria: true, subCriteria: [{ name: 'Plan', order: 0 }, { name: 'Safety netting', order: 1 }] },
      ...(rapport ? [{ name: 'Rapport', domain: 'INTERPERSONAL', order: 2, subCriteria: [] }] : []),
    ],
    isRecallCase: Boolean(recallDate),
    recallDates: recallDate ? [recallDate] : [],
    telephoneConsultation: telephone,
    // The spec's fields above are then written from the station (issue 32).
    ...(station ? { station: stationOf(testCase) } : {}),
  }
  return { testCase, body }
}

/** A history station: two facts (one only if asked) and one checklist item in each domain. */
function stationOf(testCase: TestCase) {
  return {
    stationType: 'HISTORY',
    mlaAreas: ['CARDIOVASCULAR'],
    difficulty: 'STANDARD',
    candidate: { setting: `Emergency department. ${testCase.doctorBrief}`, tasks: ['Take a focused history', 'Explain the plan'], notNeeded: [] },
    patient: {
      persona: testCase.patientScript,
      openingLine: 'Doctor, it hurts when I walk.',
      facts: [
        { id: 'onset', text: 'The pain started at work this morning', reveal: 'VOLUNTEER' },
        { id: 'father', text: 'Your father died of a heart attack at 56', reveal: 'IF_ASKED' },
      ],
      questions: ['Is it my heart?'],
    },
    checklist: [
      { id: 'pain-history', domain: 'DATA_GATHERING', item: 'Takes a pain history', good: 'Onset, character, radiation' },
      { id: 'plan', domain: 'CLINICAL_MANAGEMENT', item: 'Explains the plan', good: '' },
      { id: 'rapport', domain: 'INTERPERSONAL', item: 'Builds rapport', good: '' },
    ],
  }
}

interface TopicOptions {
  /** Makes the cases recall cases of this exam date. */
  recallDate?: string
  imageFindings?: boolean
  /** Appended to the doctor's brief: case text with lists, bold or markup to render. */
  notesMarkup?: string
  /** Adds a third, directly scored criterion in the interpersonal domain: all three exam domains are graded. */
  rapport?: boolean
  /** Makes the cases telephone consultations: the room runs the telephone station by itself. */
  telephone?: boolean
  /** Writes the cases in the exam's shape (issue 32): facts to tick, a checklist to mark. */
  station?: boolean
}

/** A new topic with `count` cases. */
export async function createTopic(request: APIRequestContext, count: number, options: TopicOptions = {}) {
  const { token } = await loginByApi(request, admin())
  const headers = { Authorization: `Bearer ${token}` }
  const created = await request.post('/api/categories', { headers, data: { name: unique('E2E topic') } })
  expect(created.status(), await created.text()).toBe(201)
  const category = (await created.json()) as CategoryView
  const cases: TestCase[] = []
  for (let i = 0; i < count; i += 1) {
    const { testCase, body } = caseBody(category.id, category.name, options)
    const response = await request.post('/api/cases', { headers, data: body })
    expect(response.status(), await response.text()).toBe(201)
    cases.push(testCase)
  }
  return { name: category.name, cases }
}

/** A recall date no other test uses: a random day between 1990 and 2019. */
export function uniqueRecallDate(): string {
  const day = new Date(Date.UTC(1990, 0, 1) + randomInt(0, 30 * 365) * 86_400_000)
  return day.toISOString().slice(0, 10)
}

export interface Player {
  account: Account
  token: string
  context: BrowserContext
  page: Page
  /** Calls the API as this player. */
  post(path: string, data?: unknown): Promise<unknown>
}

/** Calls the API with this token; a refusal fails the test with the server's words. */
function poster(request: APIRequestContext, token: string) {
  return async (path: string, data?: unknown) => {
    const response = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, data })
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
    return response.json() as Promise<unknown>
  }
}

/** A player who only calls the API (no browser of their own): for a session played before a test looks at it. */
export type ApiPlayer = Pick<Player, 'account' | 'token' | 'post'> & { userId: number }

export async function apiPlayer(request: APIRequestContext, label: string): Promise<ApiPlayer> {
  const account = await registerAccount(request, newAccount(label))
  const { token, user } = await loginByApi(request, account)
  return { account, token, userId: user.id, post: poster(request, token) }
}

export async function newPlayer(
  browser: Browser,
  request: APIRequestContext,
  label: string,
  viewport?: { width: number; height: number },
  place: { timezoneId?: string; locale?: string } = {},
): Promise<Player> {
  const account = await registerAccount(request, newAccount(label))
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'], ...place })
  const page = await context.newPage()
  const { token } = await signInAs(page, request, account)
  return { account, token, context, page, post: poster(request, token) }
}

/** A session set up through the API: the doctor hosts a topic session, the others join with their roles. */
export async function sessionByApi(doctor: Pick<Player, 'post'>, topic: string, joiners: Array<[Pick<Player, 'post'>, 'patient' | 'observer']>, consultationTime = 5) {
  const { sessionCode } = (await doctor.post('/sessions', { title: unique('Practice'), selectedTopics: [topic], readingTime: 1, consultationTime })) as { sessionCode: string }
  await doctor.post(`/sessions/${sessionCode}/configure`, { sessionType: 'TOPIC', selectedTopics: [topic], readingTime: 1, consultationTime, timingType: 'COUNTDOWN', recallDate: '' })
  for (const [player, role] of joiners) await player.post(`/sessions/${sessionCode}/join-with-role`, { role })
  return sessionCode
}

/** The doctor starts the session and ends its reading and consultation: the others can give feedback. */
export async function toFeedbackPhase(doctor: Pick<Player, 'post'>, code: string) {
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
}

/** Two signed-in players in a topic session of their own: the doctor hosting it, the patient joined. */
export async function doctorWithPatient(browser: Browser, request: APIRequestContext, topic: string) {
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const code = await sessionByApi(doctor, topic, [[patient, 'patient']])
  return { doctor, patient, code }
}

/** Three signed-in players in a topic session of their own: the doctor hosting it, patient and observer joined. */
export async function roomOfThree(browser: Browser, request: APIRequestContext, topic: string, labels: [string, string, string] = ['doctor', 'patient', 'observer']) {
  const [doctor, patient, observer] = [await newPlayer(browser, request, labels[0]), await newPlayer(browser, request, labels[1]), await newPlayer(browser, request, labels[2])]
  const code = await sessionByApi(doctor, topic, [
    [patient, 'patient'],
    [observer, 'observer'],
  ])
  return { doctor, patient, observer, code }
}

export const roomUrl = (code: string) => `/session/${code}/room`

export async function expectPhase(page: Page, label: string) {
  await expect(page.getByText(`Phase: ${label}`, { exact: true })).toBeVisible({ timeout: 15_000 })
}

/** Scores every slot of the test case's mark scheme: [Data gathering, Plan, Safety netting]. */
export async function scoreAll(page: Page, scores: [number, number, number]) {
  const labels = ['Data gathering', 'Plan', 'Safety netting']
  for (const [index, label] of labels.entries()) await page.getByRole('radio', { name: `${label}: ${scores[index]} of 4` }).check()
}

export async function closeAll(players: Player[]) {
  await Promise.all(players.map((player) => player.context.close()))
}
