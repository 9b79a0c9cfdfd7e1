import type { SelectQueryBuilder } from 'kysely'
import { fromMinutes, type HoursStretch, type MinuteStretch } from '../../schemas/partners/availability.ts'
import type { Reliability } from '../../schemas/partners/reliability.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { reachableBy, reliabilityColumns } from './visibility.ts'

/** Weekly free hours as the table keeps them, and the candidates a viewer may be shown with theirs (issue 36). */

const stretchOf = (row: { weekday: number; start_minute: number; end_minute: number }): MinuteStretch => ({
  weekday: Number(row.weekday),
  startMinute: Number(row.start_minute),
  endMinute: Number(row.end_minute),
})

/** Each user's stretches, by user id (a user with none is absent). */
export async function hoursOfUsers(db: Db, userIds: number[]): Promise<Map<number, MinuteStretch[]>> {
  const byUser = new Map<number, MinuteStretch[]>()
  if (userIds.length === 0) return byUser
  const rows = await db.selectFrom('weekly_hours').selectAll().where('user_id', 'in', userIds).orderBy('weekday').orderBy('start_minute').execute()
  for (const row of rows) {
    const userId = Number(row.user_id)
    byUser.set(userId, [...(byUser.get(userId) ?? []), stretchOf(row)])
  }
  return byUser
}

export const hoursOf = async (db: Db, userId: number): Promise<MinuteStretch[]> => (await hoursOfUsers(db, [userId])).get(userId) ?? []

/** The user's week replaced whole: a reader sees the old week or the new one, never half of each. */
export function replaceHours(db: Db, userId: number, stretches: MinuteStretch[]): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('weekly_hours').where('user_id', '=', userId).execute()
    if (stretches.length === 0) return
    await trx
      .insertInto('weekly_hours')
      .values(stretches.map((s) => ({ user_id: userId, weekday: s.weekday, start_minute: s.startMinute, end_minute: s.endMinute })))
      .execute()
  })
}

/** The export's part: the week as the user wrote it. */
export const weeklyHoursOf = async (db: Db, userId: number): Promise<HoursStretch[]> => fromMinutes(await hoursOf(db, userId))

export interface CandidateRow {
  id: number
  name: string
  examMonth: string | null
  timeZone: string | null
  reliability: Reliability
}

/**
 * Everyone `viewerId` may see as a candidate at `now`: on the board (not hidden), not themselves, not suspended,
 * no block either way. `narrow` adds the conditions of one question (one person, or those with hours and a zone).
 */
async function candidates(db: Db, viewerId: number, now: number, narrow: (q: CandidateQuery) => CandidateQuery): Promise<CandidateRow[]> {
  const { kept, planned } = reliabilityColumns('u')
  const query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.exam_month', 'u.time_zone', kept.as('kept'), planned.as('planned')])
    .where('u.id', '!=', viewerId)
    .where('u.hidden_from_board', '=', false)
    .where(reachableBy('u', viewerId, now))
  const rows = await narrow(query).execute()
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    examMonth: row.exam_month,
    timeZone: row.time_zone,
    reliability: { kept: Number(row.kept), planned: Number(row.planned) },
  }))
}

type CandidateQuery = SelectQueryBuilder<
  Database & { u: Database['users'] },
  'u',
  { id: number; name: string; exam_month: string | null; time_zone: string | null; kept: number; planned: number }
>

/** Those who could match anyone: a zone to read their hours in, and some hours. */
export const matchableCandidates = (db: Db, viewerId: number, now: number) =>
  candidates(db, viewerId, now, (query) =>
    query.where('u.time_zone', 'is not', null).where(({ exists, selectFrom }) => exists(selectFrom('weekly_hours as h').select('h.user_id').whereRef('h.user_id', '=', 'u.id'))),
  )

/** One candidate, when the viewer may see them; undefined for anyone else (unknown, hidden, suspended, blocked). */
export const visibleCandidate = async (db: Db, viewerId: number, now: number, userId: number): Promise<CandidateRow | undefined> =>
  (await candidates(db, viewerId, now, (query) => query.where('u.id', '=', userId)))[0]
