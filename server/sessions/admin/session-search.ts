import { sql } from 'kysely'
import { ADMIN_SESSIONS_PAGE_SIZE, type AdminSessionsPage, type AdminSessionsRequest } from '../../../schemas/api/admin-sessions.ts'
import type { Db } from '../../db/connect.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** LIKE's own characters typed by an admin match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The rounds a session played, by schemas/session/rounds-played.ts's rule: each reading counts for the round of the
 * last case assigned before it (a new case mid-reading reads again in the same round). The read model's
 * current_round is 1 before any round began, and counts a round opened but never read.
 */
const roundsPlayed = sql<number>`(
  select count(distinct reading.round)::int from (
    select (
      select assigned.payload->>'round' from session_events assigned
      where assigned.session_id = started.session_id and assigned.type = 'CaseAssigned' and assigned.version < started.version
      order by assigned.version desc limit 1
    ) as round
    from session_events started
    where started.session_id = sessions.id and started.type = 'PhaseStarted' and started.payload->>'phase' = 'READING'
  ) reading
)`

/**
 * The maintainers' search (issue 37): by a part of the code (with or without its dash), a participant's name or
 * email (admins may see emails), and the UTC days it was created (both inclusive). Newest first.
 */
export async function findSessions(db: Db, query: AdminSessionsRequest): Promise<AdminSessionsPage> {
  let matching = db.selectFrom('sessions')
  const code = query.code.replace(/-/g, '').toUpperCase()
  if (code) matching = matching.where(sql<string>`replace(sessions.code, '-', '')`, 'like', likePattern(code))
  if (query.participant) {
    const pattern = likePattern(query.participant)
    matching = matching.where((eb) =>
      eb.exists(
        eb
          .selectFrom('session_participants as sp')
          .leftJoin('users', 'users.id', 'sp.user_id')
          .select('sp.user_id')
          .whereRef('sp.session_id', '=', 'sessions.id')
          .where((inner) => inner.or([inner('sp.name', 'ilike', pattern), inner('users.email', 'ilike', pattern)])),
      ),
    )
  }
  if (query.from) matching = matching.where('sessions.created_at', '>=', new Date(`${query.from}T00:00:00Z`))
  if (query.to) matching = matching.where('sessions.created_at', '<', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS))

  const { count } = await matching.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()
  const rows = await matching
    .select(['sessions.id', 'sessions.code', 'sessions.title', 'sessions.phase', 'sessions.status', roundsPlayed.as('rounds'), 'sessions.created_at', 'sessions.started_at', 'sessions.ended_at'])
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .limit(ADMIN_SESSIONS_PAGE_SIZE)
    .offset(query.page * ADMIN_SESSIONS_PAGE_SIZE)
    .execute()
  const people = rows.length
    ? await db
        .selectFrom('session_participants as sp')
        .leftJoin('users', 'users.id', 'sp.user_id')
        .select(['sp.session_id', 'sp.user_id', 'sp.name', 'users.email', 'sp.role', 'sp.active'])
        .where('sp.session_id', 'in', rows.map((row) => row.id))
        .orderBy('sp.joined_at')
        .execute()
    : []
  const totalItems = Number(count)
  return {
    sessions: rows.map((row) => ({
      code: row.code,
      title: row.title,
      phase: row.phase,
      status: row.status,
      participants: people
        .filter((p) => p.session_id === row.id)
        .map((p) => ({ userId: p.user_id, name: p.name, email: p.email ?? null, role: p.role, active: p.active })),
      rounds: row.rounds,
      createdAt: row.created_at.toISOString(),
      startedAt: row.started_at?.toISOString() ?? null,
      endedAt: row.ended_at?.toISOString() ?? null,
    })),
    currentPage: query.page,
    totalItems,
    totalPages: Math.ceil(totalItems / ADMIN_SESSIONS_PAGE_SIZE),
    pageSize: ADMIN_SESSIONS_PAGE_SIZE,
  }
}
