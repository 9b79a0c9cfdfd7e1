import { sql } from 'kysely'
import { ANSWERED_SHOWN_DAYS, proposalActions, type Proposal, type ProposalFacts } from '../../schemas/partners/proposal.ts'
import type { Db } from '../db/connect.ts'
import type { ProposalStatus } from '../db/partner-tables.ts'
import { outOfReach, reachableBy } from './visibility.ts'

/** Time proposals (issue 36): their rows with both people's public fields, and the state moves, each race-safe. */

const DAY_MS = 86_400_000

/** Proposals with both parties (name, zone, hidden; the address for mail only) and, when accepted, the session's code. */
function proposalRows(db: Db, now: number) {
  return db
    .selectFrom('time_proposals as p')
    .innerJoin('users as f', 'f.id', 'p.from_user_id')
    .innerJoin('users as t', 't.id', 'p.to_user_id')
    .leftJoin('sessions as s', 's.id', 'p.session_id')
    .select(['p.id', 'p.from_user_id', 'p.to_user_id', 'p.listing_id', 'p.starts_at', 'p.note', 'p.status', 'p.replaces_id', 'p.session_id', 'p.created_at', 'p.answered_at'])
    .select(['f.name as from_name', 'f.email as from_email', 'f.time_zone as from_zone', 'f.hidden_from_board as from_hidden'])
    .select(['t.name as to_name', 't.email as to_email', 't.time_zone as to_zone', 't.hidden_from_board as to_hidden'])
    .select('s.code as session_code')
    // Either of them blocked or suspended: the proposal is gone for both, and neither learns why.
    .select(outOfReach(sql.ref('p.from_user_id'), sql.ref('p.to_user_id'), now).as('out_of_reach'))
}
export type ProposalRow = Awaited<ReturnType<ReturnType<typeof proposalRows>['executeTakeFirstOrThrow']>>

export const factsOf = (row: Pick<ProposalRow, 'from_user_id' | 'to_user_id' | 'status' | 'starts_at'>): ProposalFacts => ({
  fromUserId: row.from_user_id,
  toUserId: row.to_user_id,
  status: row.status,
  startsAt: new Date(row.starts_at),
})

/** The two people of a proposal, as the one who sent it and the one it went to. */
export const partiesOf = (row: ProposalRow) => ({
  from: { id: row.from_user_id, name: row.from_name, email: row.from_email, timeZone: row.from_zone, hidden: row.from_hidden },
  to: { id: row.to_user_id, name: row.to_name, email: row.to_email, timeZone: row.to_zone, hidden: row.to_hidden },
})

export function proposalView(row: ProposalRow, viewerId: number, now: number): Proposal {
  const outgoing = row.from_user_id === viewerId
  const { from, to } = partiesOf(row)
  const other = outgoing ? to : from
  return {
    id: row.id,
    direction: outgoing ? 'OUTGOING' : 'INCOMING',
    other: { userId: other.id, name: other.name, timeZone: other.timeZone },
    startsAt: new Date(row.starts_at).toISOString(),
    note: row.note,
    status: row.status,
    listingId: row.listing_id,
    sessionCode: row.status === 'ACCEPTED' ? row.session_code : null,
    actions: proposalActions(factsOf(row), viewerId, now),
  }
}

/** A proposal `userId` is a party to and may still see (nobody blocked or suspended), else undefined. */
export async function proposalOf(db: Db, id: number, userId: number, now: number): Promise<ProposalRow | undefined> {
  const row = await proposalRows(db, now)
    .where('p.id', '=', id)
    .where((eb) => eb.or([eb('p.from_user_id', '=', userId), eb('p.to_user_id', '=', userId)]))
    .executeTakeFirst()
  return row && !row.out_of_reach ? row : undefined
}

/** Mine both ways: pending ones still to come first (soonest first), then the rest of the last 30 days, latest first. */
export async function proposalsOf(db: Db, userId: number, now: number): Promise<ProposalRow[]> {
  const since = new Date(now - ANSWERED_SHOWN_DAYS * DAY_MS)
  const rows = await proposalRows(db, now)
    .where((eb) => eb.or([eb('p.from_user_id', '=', userId), eb('p.to_user_id', '=', userId)]))
    .where((eb) => eb.or([eb.and([eb('p.status', '=', 'PENDING'), eb('p.starts_at', '>', since)]), eb('p.answered_at', '>', since)]))
    .orderBy('p.id', 'desc')
    .limit(200)
    .execute()
  const open = (row: ProposalRow) => row.status === 'PENDING' && new Date(row.starts_at).getTime() > now
  const settledAt = (row: ProposalRow) => new Date(row.answered_at ?? row.starts_at).getTime()
  return rows
    .filter((row) => !row.out_of_reach)
    .sort((a, b) => Number(open(b)) - Number(open(a)) || (open(a) ? new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime() : settledAt(b) - settledAt(a)))
}

/** Pending proposals `userId` sent whose time is still to come (a lapsed one holds no place). */
export async function pendingSentBy(db: Db, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('time_proposals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('from_user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .where('starts_at', '>', new Date(now))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A candidate `viewerId` may propose to: not themselves, on the board, not suspended, no block between them. */
export const reachableCandidate = (db: Db, viewerId: number, userId: number, now: number) =>
  db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.email', 'u.time_zone'])
    .where('u.id', '=', userId)
    .where('u.id', '!=', viewerId)
    .where('u.hidden_from_board', '=', false)
    .where(reachableBy('u', viewerId, now))
    .executeTakeFirst()

export interface NewProposal {
  fromUserId: number
  toUserId: number
  listingId: number | null
  startsAt: string
  note: string
  replacesId?: number
}

export async function insertProposal(db: Db, proposal: NewProposal): Promise<number> {
  const row = await db
    .insertInto('time_proposals')
    .values({
      from_user_id: proposal.fromUserId,
      to_user_id: proposal.toUserId,
      listing_id: proposal.listingId,
      starts_at: new Date(proposal.startsAt),
      note: proposal.note,
      replaces_id: proposal.replacesId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Moves a pending proposal to `status`, as the one person who may: its recipient answering while its time is
 * still to come, or its sender withdrawing. One statement, so of two clicks (or two tabs) one moves it and the
 * other finds it moved. False when it was no longer pending (or the time came).
 */
export async function moveProposal(db: Db, id: number, status: Exclude<ProposalStatus, 'PENDING'>, byUserId: number, now: number): Promise<boolean> {
  const at = new Date(now)
  let update = db.updateTable('time_proposals').set({ status, answered_at: at }).where('id', '=', id).where('status', '=', 'PENDING')
  update = status === 'WITHDRAWN' ? update.where('from_user_id', '=', byUserId) : update.where('to_user_id', '=', byUserId).where('starts_at', '>', at)
  return (await update.returning('id').executeTakeFirst()) !== undefined
}

/** Neither of the two is suspended at `now`, and no block stands between them: they may still agree a time. */
export async function inReachOfEachOther(db: Db, a: number, b: number, now: number): Promise<boolean> {
  const { rows } = await sql<{ in_reach: boolean }>`select exists (select 1 from users one join users other on other.id = ${b}
    where one.id = ${a} and not ${outOfReach(sql.ref('one.id'), sql.ref('other.id'), now)}) as in_reach`.execute(db)
  return rows[0]?.in_reach === true
}

/**
 * An accept whose planning failed is answerable again, unless a block or a suspension now stands between the two
 * (the likely reason it failed): then it is withdrawn, as a block or a suspension withdraws every pending proposal,
 * so lifting it brings nothing back.
 */
export async function reopenProposal(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('time_proposals')
    .set(() => {
      const parted = outOfReach(sql.ref('time_proposals.from_user_id'), sql.ref('time_proposals.to_user_id'), now)
      return { status: sql<ProposalStatus>`case when ${parted} then 'WITHDRAWN' else 'PENDING' end`, answered_at: sql<Date | null>`case when ${parted} then answered_at end` }
    })
    .where('id', '=', id)
    .where('status', '=', 'ACCEPTED')
    .where('session_id', 'is', null)
    .execute()
}

export async function recordSession(db: Db, id: number, sessionId: number): Promise<void> {
  await db.updateTable('time_proposals').set({ session_id: sessionId }).where('id', '=', id).execute()
}

/** The export of "Download all my data": the proposals made and received, the other person named, never their email. */
export async function proposalsForExport(db: Db, userId: number) {
  const rows = await proposalRows(db, 0)
    .where((eb) => eb.or([eb('p.from_user_id', '=', userId), eb('p.to_user_id', '=', userId)]))
    .orderBy('p.id')
    .execute()
  return rows.map((row) => ({
    direction: row.from_user_id === userId ? 'OUTGOING' : 'INCOMING',
    otherName: row.from_user_id === userId ? row.to_name : row.from_name,
    startsAt: new Date(row.starts_at).toISOString(),
    note: row.note,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  }))
}
