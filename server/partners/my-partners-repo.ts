import { sql } from 'kysely'
import type { Partner, PartnerInvitation } from '../../schemas/partners/my-partners.ts'
import type { SessionConfig } from '../../schemas/session/types.ts'
import { RUNNING_STATUSES } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import { keptOut } from '../sessions/store/queries.ts'
import { blockedWithSomeoneIn } from './blocks-repo.ts'
import { reachableBy, reliabilityColumns } from './visibility.ts'

/**
 * My partners' reads and writes (issue 36).
 *
 * "Stations together" are counted from the feedback read model, as Progress counts a station (one round of one
 * session, docs/progress.md): a feedback row is written when a round is scored and names its doctor (to) and the
 * scorer (from), so every round both of us took part in has a row naming each of us. session_participants was the
 * other candidate, but it only says that both of us held a seat at some moment (a board seat booked and released,
 * a room left before its first case), not that we practised anything together, and it knows no rounds. A round
 * nobody scored is not counted: nothing of it was practised together that the platform can vouch for.
 */

interface PartnerRow {
  id: number
  name: string
  exam_month: string | null
  stations: number
  last_at: Date | string
  kept: number
  planned: number
}

/**
 * The people `me` practised with, most recent first: not removed (unless practised with again after the
 * removal), neither blocked by the other, not suspended. `only` narrows it to one person (is this my partner?).
 */
function partnerRows(db: Db, me: number, now: number, only?: number) {
  const reliability = reliabilityColumns('u')
  return sql<PartnerRow>`
    with my_rounds as (
      select session_id, round from feedback where to_user_id = ${me}
      union
      select session_id, round from feedback where from_user_id = ${me}
    ),
    together as (
      select f.session_id, f.round, p.user_id, max(f.created_at) as at
      from feedback f
      join my_rounds r on r.session_id = f.session_id and r.round = f.round
      cross join lateral (values (f.from_user_id), (f.to_user_id)) as p(user_id)
      where p.user_id <> ${me} ${only === undefined ? sql`` : sql`and p.user_id = ${only}`}
      group by f.session_id, f.round, p.user_id
    ),
    partners as (select user_id, count(*)::int as stations, max(at) as last_at from together group by user_id)
    select u.id, u.name, u.exam_month, pa.stations, pa.last_at, ${reliability.kept} as kept, ${reliability.planned} as planned
    from partners pa join users u on u.id = pa.user_id
    where ${reachableBy('u', me, now)}
      and not exists (select 1 from partner_removals r where r.user_id = ${me} and r.partner_id = u.id and r.removed_at >= pa.last_at)
    order by pa.last_at desc, u.id`.execute(db)
}

const partnerView = (row: PartnerRow): Partner => ({
  userId: Number(row.id),
  name: row.name,
  examMonth: row.exam_month,
  stationsTogether: row.stations,
  lastPractisedAt: new Date(row.last_at).toISOString(),
  reliability: { kept: row.kept, planned: row.planned },
})

export async function partnersOf(db: Db, me: number, now: number): Promise<Partner[]> {
  return (await partnerRows(db, me, now)).rows.map(partnerView)
}

/** One of my partners, or undefined: unknown, removed, blocked either way and suspended alike. */
export async function findPartner(db: Db, me: number, partnerId: number, now: number): Promise<Partner | undefined> {
  const row = (await partnerRows(db, me, now, partnerId)).rows[0]
  return row && partnerView(row)
}

/** Off my list from `now`; practising together after that brings them back. */
export async function removePartner(db: Db, me: number, partnerId: number, now: number): Promise<void> {
  const removedAt = new Date(now)
  await db
    .insertInto('partner_removals')
    .values({ user_id: me, partner_id: partnerId, removed_at: removedAt })
    .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doUpdateSet({ removed_at: removedAt }))
    .execute()
}

/** The settings of the latest session we both took part in, for the next one (a mock exam's circuit left out). */
export async function lastConfigTogether(db: Db, me: number, partnerId: number): Promise<SessionConfig | null> {
  const { rows } = await sql<{ config: SessionConfig }>`
    select s.config
    from feedback mine
    join feedback theirs on theirs.session_id = mine.session_id and theirs.round = mine.round
    join sessions s on s.id = mine.session_id
    where ${me} in (mine.to_user_id, mine.from_user_id) and ${partnerId} in (theirs.to_user_id, theirs.from_user_id)
    order by greatest(mine.created_at, theirs.created_at) desc
    limit 1`.execute(db)
  if (rows.length === 0) return null
  const { circuit: _mockExamOnly, ...config } = rows[0].config
  return config
}

export async function recordInvitation(db: Db, from: number, to: number, sessionId: number, now: number): Promise<void> {
  await db.insertInto('partner_invitations').values({ from_user_id: from, to_user_id: to, session_id: sessionId, created_at: new Date(now) }).execute()
}

/**
 * Invitations to `me` whose session still runs, from people I may see, newest first; none to a session I am kept
 * out of (someone in it blocked either way with me), which its code would answer as a wrong code.
 */
export async function invitationsTo(db: Db, me: number, now: number): Promise<PartnerInvitation[]> {
  const rows = await db
    .selectFrom('partner_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.from_user_id')
    .innerJoin('sessions as s', 's.id', 'i.session_id')
    .select(['i.id', 'u.id as from_user_id', 'u.name', 's.code', 'i.created_at'])
    .where('i.to_user_id', '=', me)
    .where('s.status', 'in', RUNNING_STATUSES)
    .where(reachableBy('u', me, now))
    .where(sql<boolean>`not ${keptOut(blockedWithSomeoneIn, sql.ref('i.session_id'), me)}`)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute()
  return rows.map((row) => ({ id: row.id, fromUserId: Number(row.from_user_id), fromName: row.name, sessionCode: row.code, createdAt: new Date(row.created_at).toISOString() }))
}
