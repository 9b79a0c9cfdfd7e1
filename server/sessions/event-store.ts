import { sql, type Transaction } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database, SessionEventRow } from '../db/schema.ts'

/** One event as stored in a session's append-only log. */
export interface StoredEvent<T = unknown> {
  sessionId: number
  version: number
  type: string
  payload: T
  actorUserId: number | null
  commandId: string | null
  recordedAt: Date
}

export interface NewEvent {
  type: string
  payload: unknown
}

export interface AppendRequest {
  sessionId: number
  /** The version the command was decided against: 0 for a new stream. */
  expectedVersion: number
  events: NewEvent[]
  actorUserId: number | null
  /** Idempotency key: a retry with the same id returns the first attempt's events instead of appending. */
  commandId?: string
}

export type AppendResult = { duplicate: false; events: StoredEvent[] } | { duplicate: true; events: StoredEvent[] }

/** Another writer appended first: reload the stream and decide again. */
export class ConcurrencyError extends Error {
  override name = 'ConcurrencyError'
  constructor(
    readonly sessionId: number,
    readonly expectedVersion: number,
  ) {
    super(`Session ${sessionId} changed since version ${expectedVersion}`)
  }
}

const UNIQUE_VIOLATION = '23505'

/** Appends inside the caller's transaction, so read models written beside it commit or fail together. */
export async function appendEvents(trx: Transaction<Database>, request: AppendRequest): Promise<AppendResult> {
  const { sessionId, expectedVersion, events, actorUserId, commandId = null } = request
  if (commandId) {
    const earlier = await eventsOfCommand(trx, sessionId, commandId)
    if (earlier) return { duplicate: true, events: earlier }
  }
  const current = await currentVersion(trx, sessionId)
  if (current !== expectedVersion) throw new ConcurrencyError(sessionId, expectedVersion)
  if (events.length === 0) return { duplicate: false, events: [] }

  const rows = events.map((event, index) => ({
    session_id: sessionId,
    version: expectedVersion + index + 1,
    type: event.type,
    payload: JSON.stringify(event.payload),
    actor_user_id: actorUserId,
    command_id: commandId,
  }))
  try {
    const inserted = await trx.insertInto('session_events').values(rows).returningAll().execute()
    if (commandId) {
      await trx
        .insertInto('session_commands')
        .values({ session_id: sessionId, command_id: commandId, first_version: rows[0].version, last_version: rows.at(-1)!.version })
        .execute()
    }
    return { duplicate: false, events: inserted.map(toStoredEvent) }
  } catch (error) {
    // A racing writer took the same version (or the same command id) between our read and our insert.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConcurrencyError(sessionId, expectedVersion)
    throw error
  }
}

/** The events an earlier command with this id produced, or null: lets a retried request skip the decision entirely. */
export async function eventsOfCommand(db: Db | Transaction<Database>, sessionId: number, commandId: string): Promise<StoredEvent[] | null> {
  const earlier = await db
    .selectFrom('session_commands')
    .select(['first_version', 'last_version'])
    .where('session_id', '=', sessionId)
    .where('command_id', '=', commandId)
    .executeTakeFirst()
  return earlier ? readStream(db, sessionId, { from: earlier.first_version, to: earlier.last_version }) : null
}

export async function currentVersion(db: Db | Transaction<Database>, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('session_events')
    .select(sql<number>`coalesce(max(version), 0)`.as('version'))
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow()
  return Number(row.version)
}

/** The stream in version order, optionally a window of it (inclusive bounds). */
export async function readStream(
  db: Db | Transaction<Database>,
  sessionId: number,
  range: { from?: number; to?: number } = {},
): Promise<StoredEvent[]> {
  let query = db.selectFrom('session_events').selectAll().where('session_id', '=', sessionId)
  if (range.from !== undefined) query = query.where('version', '>=', range.from)
  if (range.to !== undefined) query = query.where('version', '<=', range.to)
  const rows = await query.orderBy('version').execute()
  return rows.map(toStoredEvent)
}

function toStoredEvent(row: SessionEventRow): StoredEvent {
  return {
    sessionId: row.session_id,
    version: row.version,
    type: row.type,
    payload: row.payload,
    actorUserId: row.actor_user_id,
    commandId: row.command_id,
    recordedAt: new Date(row.recorded_at),
  }
}
