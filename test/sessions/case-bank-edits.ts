import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Test } from 'tap'
import { NO_MATCHING_CASES } from '../../schemas/session/index.ts'
import { call, type TestApp } from '../helpers/app.ts'
import { as, CRITERIA, readyRoom, scores, skipToFeedback, type User } from './helpers.ts'

// Edits of the case bank that a session's next command must see (case-bank-cache.ts), each made by an admin
// through the API or by plain SQL, and checked on the instance that made it or on another one. Each prepares a room
// whose next command tells the bank before the edit from the bank after it, on an instance that holds the bank
// from before in memory.

export interface BankEdit {
  name: string
  /** Sets up the room on `on` (another app on the same database, or the test app itself); answers the edit. */
  prepare(on: FastifyInstance): Promise<{ byAdmin(): Promise<void>; bySql(): Promise<void>; seen(t: Test): Promise<unknown> }>
}

/** The statement that reads the bank's catalog (decision-context.ts). */
export const CATALOG_READ = /'categoryName'/

/**
 * The edits, made through `main` (its admin) or on its database. `heard(on)` waits until `on` has read the bank
 * again since the last change (another instance hears it by the trigger's notice).
 */
export function bankEdits(main: TestApp, admin: User, heard: (on: FastifyInstance) => Promise<void>): BankEdit[] {
  const db = main.database.db
  let runs = 0
  const adminCall = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => call(main.app, { method, url: `/api${url}`, headers: admin.auth, body })
  const category = async (name: string) => (await adminCall('POST', '/categories', { name })).json.id as number
  const caseBody = (categoryId: number, fields: object = {}) => ({ title: 'A case', category: { id: categoryId }, feedbackCriteria: CRITERIA, ...fields })
  const addCase = async (categoryId: number, fields?: object) => (await adminCall('POST', '/cases', caseBody(categoryId, fields))).json.id as number
  const answered = async (answer: Promise<{ status: number; json: any }>, status: number) => {
    const { status: actual, json } = await answer
    if (actual !== status) throw new Error(`expected ${status}, got ${actual}: ${JSON.stringify(json)}`)
  }
  /** A room on `on`, configured for what the bank does not offer yet: its host's start is refused. */
  const waitingRoom = async (on: FastifyInstance, config: Record<string, unknown>) => {
    const room = await readyRoom({ ...main, app: on }, config, { configure: false })
    const start = () => as({ ...main, app: on }, room.doctor).post(`/sessions/${room.code}/start`)
    await answered(start(), 409)
    return {
      started: async (t: Test) => {
        const answer = await start()
        t.equal(answer.status, 200, `started: ${JSON.stringify(answer.json)}`)
      },
      refused: async (t: Test) => t.same(await start().then((answer) => [answer.status, answer.json.error]), [409, NO_MATCHING_CASES]),
    }
  }

  return [
    {
      name: 'a new case',
      async prepare(on) {
        const name = `Neurology ${(runs += 1)}`
        const id = await category(name)
        const room = await waitingRoom(on, { selectedTopics: [name] })
        return {
          byAdmin: () => answered(adminCall('POST', '/cases', caseBody(id)), 201),
          bySql: async () => void (await sql`insert into cases (title, category_id) values ('By SQL', ${id})`.execute(db)),
          seen: room.started,
        }
      },
    },
    {
      name: 'a deleted case',
      async prepare(on) {
        const name = `Dermatology ${(runs += 1)}`
        const room = await waitingRoom(on, { selectedTopics: [name] })
        const caseId = await addCase(await category(name))
        // The case is there to be drawn, and `on` knows it: a stale bank would start the room with it.
        await heard(on)
        return {
          byAdmin: () => answered(adminCall('DELETE', `/cases/${caseId}`), 200),
          bySql: async () => void (await sql`delete from cases where id = ${caseId}`.execute(db)),
          seen: room.refused,
        }
      },
    },
    {
      name: 'a renamed category',
      async prepare(on) {
        const after = `Respiratory ${(runs += 1)}`
        const id = await category(`Pulmonology ${runs}`)
        await addCase(id)
        const room = await waitingRoom(on, { selectedTopics: [after] })
        return {
          byAdmin: () => answered(adminCall('PUT', `/categories/${id}`, { name: after }), 200),
          bySql: async () => void (await sql`update categories set name = ${after} where id = ${id}`.execute(db)),
          seen: room.started,
        }
      },
    },
    {
      name: 'recall dates',
      async prepare(on) {
        // A range of its own: a recall session draws from every category.
        const year = 2040 + (runs += 1)
        const id = await category(`Recall ${runs}`)
        const caseId = await addCase(id, { recallDates: [`${year}-01-01`] })
        const room = await waitingRoom(on, { sessionType: 'RECALL', recallStartDate: `${year}-06-01`, recallEndDate: `${year}-06-30` })
        return {
          byAdmin: () => answered(adminCall('PUT', `/cases/${caseId}`, caseBody(id, { recallDates: [`${year}-06-15`] })), 200),
          bySql: async () => void (await sql`insert into case_recall_dates (case_id, recall_date) values (${caseId}, ${`${year}-06-15`})`.execute(db)),
          seen: room.started,
        }
      },
    },
    {
      // A round is marked against the version it drew (decision 0128): the edit is seen by the next round drawn.
      name: 'a changed mark scheme',
      async prepare(on) {
        const name = `Endocrinology ${(runs += 1)}`
        const id = await category(name)
        const caseId = await addCase(id)
        const room = await readyRoom({ ...main, app: on }, { selectedTopics: [name] })
        const member = (user: User) => as({ ...main, app: on }, user)
        const feedback = (code: string, user: User, criteriaScores: object[]) => member(user).post('/feedback/submit', { sessionCode: code, comment: 'ok', criteriaScores, requestNewCase: false })
        await answered(member(room.doctor).post(`/sessions/${room.code}/start`), 200)
        await skipToFeedback(member(room.doctor), room.code)
        // Checked against the mark scheme as it is, which `on` now holds.
        await answered(feedback(room.code, room.patient, scores()), 200)
        const criterion = { id: 'c-new', name: 'Data gathering', order: 0, hasSubCriteria: false, subCriteria: [] }
        const score = { criterionId: 'c-new', criterionName: 'Data gathering', score: 3, subScores: [] }
        const newCriteria = JSON.stringify([{ ...criterion, domain: null }])
        return {
          byAdmin: () => answered(adminCall('PUT', `/cases/${caseId}`, caseBody(id, { feedbackCriteria: [criterion] })), 200),
          // What saveCase does, by hand: the case and its next version, in one transaction.
          bySql: () =>
            db.transaction().execute(async (trx) => {
              await sql`update cases set feedback_criteria = ${newCriteria}::jsonb, current_version = current_version + 1 where id = ${caseId}`.execute(trx)
              await sql`insert into case_versions (case_id, version, content)
                select case_id, version + 1, jsonb_set(content, '{feedbackCriteria}', ${newCriteria}::jsonb) from case_versions
                where case_id = ${caseId} order by version desc limit 1`.execute(trx)
            }),
          seen: async (t) => {
            t.equal((await feedback(room.code, room.observer, scores())).status, 200, 'the running round: checked against the version it drew')
            const next = await readyRoom({ ...main, app: on }, { selectedTopics: [name] })
            await answered(member(next.doctor).post(`/sessions/${next.code}/start`), 200)
            await skipToFeedback(member(next.doctor), next.code)
            t.equal((await feedback(next.code, next.patient, [score])).status, 200, 'a round drawn now: checked against the new mark scheme')
          },
        }
      },
    },
  ]
}
