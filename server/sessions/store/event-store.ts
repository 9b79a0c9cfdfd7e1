import { sql, type OperationNodeSource, type RawBuilder, type Transaction } from 'kysely'
import type { SessionEvent } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { isRefusedAppend, isUniqueViolation } from '../../db/errors.ts'
import { insertRows } from '../../db/raw-insert.ts'
import type { Database, SessionEventRow } from '../../db/schema.ts'
import type { CommittedEvent } from '../cluster/bus.ts'

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
  /** Conditions under which nothing may be appended, read by the append's own statement. */
  refusals?: AppendRefusal[]
}

/** When `when` holds as the statement runs, nothing is written and the append throws RefusedAppend with `reason`. */
export interface AppendRefusal {
  when: RawBuilder<boolean>
  reason: string
}

/** The append met one of its refusals: the command is refused with the refusal's reason, and nothing was written. */
export class RefusedAppend extends Error {
  override name = 'RefusedAppend'
}

/** `reads`: the values of the append's reads (empty for a duplicate, whose first attempt wrote and read). */
export type AppendResult = { duplicate: false; events: StoredEvent[]; reads: Record<string, unknown> } | { duplicate: true; events: StoredEvent[]; reads: Record<string, never> }

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

/** A statement that writes beside the append (read models, a notice), as a query or raw SQL. */
export type AlongsideWrite = OperationNodeSource

/** The rows the alongside write at `index` returns, for a read (appendEvents' `reads`) to select from. */
export const alongsideRows = (index: number) => sql.table(`alongside_${index}`)

/**
 * Appends the events and runs `alongside` in ONE statement (data-modifying CTEs): they commit or fail together,
 * with one round trip and no transaction held open while Node works. The version check is the log's primary
 * key: a writer that stored the next version first makes this statement fail, and nothing of it is written.
 * `notice`, an expression such as pg_notify(...), is evaluated once, in the same commit. `reads` are scalar
 * expressions answered by the same statement (what a write returned, or a row the caller would read next), so
 * that nothing needs a second round trip.
 */
export async function appendEvents(
  db: Db,
  request: AppendRequest,
  alongside: AlongsideWrite[] = [],
  notice?: RawBuilder<unknown>,
  reads: Record<string, RawBuilder<unknown>> = {},
): Promise<AppendResult> {
  const { sessionId, expectedVersion, events, actorUserId, commandId = null, refusals = [] } = request
  if (events.length === 0) return { duplicate: false, events: [], reads: {} }
  const rows = events.map((event, index) => ({
    session_id: sessionId,
    version: expectedVersion + index + 1,
    type: event.type,
    payload: JSON.stringify(event.payload),
    actor_user_id: actorUserId,
    command_id: commandId,
  }))
  // Only what the database adds comes back, the time it stamped: the rest was just written, and sending the jsonb
  // payloads back cost the database and the driver about 0.06 ms a command.
  const writes: RawBuilder<unknown>[] = [sql`appended as (${insertRows('session_events', rows)} returning version, recorded_at)`]
  if (commandId) {
    const command = { session_id: sessionId, command_id: commandId, first_version: rows[0].version, last_version: rows.at(-1)!.version }
    writes.push(sql`command as (${insertRows('session_commands', [command])})`)
  }
  alongside.forEach((write, index) => writes.push(sql`${alongsideRows(index)} as (${write})`))
  const noticed = notice ? sql`, (select ${notice}) as notice` : sql``
  const read = Object.entries(reads).map(([name, expression]) => sql`, (${expression}) as ${sql.ref(name)}`)
  // In the select list, so that they run (a select-only CTE that nothing reads would not): the insert has no ON
  // CONFLICT, so `appended` always has a row to evaluate them for. A raised error undoes the writes.
  const refused = refusals.map(({ when, reason }, index) => sql`, (select refuse_append(${reason}) where ${when}) as ${sql.ref(`refused_${index}`)}`)
  try {
    const statement = sql<Pick<SessionEventRow, 'recorded_at'> & Record<string, unknown>>`with ${sql.join(writes)} select appended.recorded_at${sql.join([...read, ...refused], sql``)} from appended${noticed} order by appended.version`
    const { rows: inserted } = await statement.execute(db)
    // Payloads parsed from the JSON written: the same values as a read of the log gives (jsonb orders keys its way).
    const appended = rows.map((row, index) => toStoredEvent({ ...row, payload: JSON.parse(row.payload), recorded_at: inserted[index].recorded_at }))
    return { duplicate: false, events: appended, reads: Object.fromEntries(Object.keys(reads).map((name) => [name, inserted[0][name]])) }
  } catch (error) {
    if (isRefusedAppend(error)) throw new RefusedAppend((error as Error).message)
    if (!isUniqueViolation(error)) throw error
    // A retry of a command that is already stored, or a racing writer that took the same version first.
    const earlier = commandId ? await eventsOfCommand(db, sessionId, commandId) : null
    if (earlier) return { duplicate: true, events: earlier, reads: {} }
    throw new ConcurrencyError(sessionId, expectedVersion)
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

/** A window of a stream (inclusive bounds; the whole stream when both are left out). */
export interface StreamRange {
  from?: number
  to?: number
}

function streamRows(db: Db | Transaction<Database>, sessionId: number, range: StreamRange) {
  let query = db.selectFrom('session_events').where('session_id', '=', sessionId)
  if (range.from !== undefined) query = query.where('version', '>=', range.from)
  if (range.to !== undefined) query = query.where('version', '<=', range.to)
  return query.orderBy('version')
}

/** The stream in version order, each event with who stored it and when. */
export async function readStream(db: Db | Transaction<Database>, sessionId: number, range: StreamRange = {}): Promise<StoredEvent[]> {
  const rows = await streamRows(db, sessionId, range).selectAll().execute()
  return rows.map(toStoredEvent)
}

/**
 * Only what folding the stream needs, in version order: loading a session reads nothing else, which on a long
 * log costs about half of reading whole rows.
 */
export async function readEventData(db: Db | Transaction<Database>, sessionId: number, range: StreamRange = {}): Promise<NewEvent[]> {
  return streamRows(db, sessionId, range).select(['type', 'payload']).execute()
}

export function toStoredEvent(row: SessionEventRow): StoredEvent {
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

/** Events are stored as (type, payload without the type): the log's own column says what each row is. */
export function toNewEvent(event: SessionEvent): NewEvent {
  const { type, ...payload } = event
  return { type, payload }
}

export function toSessionEvent(stored: NewEvent): SessionEvent {
  return { ...(stored.payload as object), type: stored.type } as SessionEvent
}

export function toCommittedEvent(stored: StoredEvent): CommittedEvent {
  return { version: stored.version, event: toSessionEvent(stored), actorUserId: stored.actorUserId, recordedAt: stored.recordedAt }
}
