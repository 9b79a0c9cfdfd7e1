import { sql } from 'kysely'
import { evolve } from '../../../schemas/session/index.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import type { TimelineEntry } from '../../../schemas/session-wire.ts'
import type { Db } from '../../db/connect.ts'
import { findCaseVersion } from '../../content/case-versions.ts'
import { readStream, toSessionEvent } from './event-store.ts'
import { normaliseSessionCode } from '../engine/session-codes.ts'

/**
 * A session's log as a maintainer reads it to settle a dispute: each event with its time, who sent it and the
 * phase after it, folded by the same rules the server and the client use. Shared by the admin route and the
 * replay CLI.
 */

/** Finds a session by code in the log itself, so a replay works even if the read models were lost. */
export async function sessionIdFromLog(db: Db, code: string): Promise<number | null> {
  const normalised = normaliseSessionCode(code)
  if (!normalised) return null
  const row = await db
    .selectFrom('session_events')
    .select('session_id')
    .where('type', '=', 'SessionCreated')
    .where(sql<string>`payload->>'code'`, '=', normalised)
    .executeTakeFirst()
  return row?.session_id ?? null
}

export interface TimelineReplay {
  entries: TimelineEntry[]
  /** The state after the last entry (after version `to`, when given). */
  state: SessionState | null
}

export async function replayTimeline(db: Db, sessionId: number, options: { to?: number } = {}): Promise<TimelineReplay> {
  const stored = await readStream(db, sessionId, { to: options.to })
  const actorIds = [...new Set(stored.map((e) => e.actorUserId).filter((id): id is number => id !== null))]
  const users = actorIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', actorIds).execute() : []
  const names = new Map(users.map((u) => [u.id, u.name]))
  let state: SessionState | null = null
  const entries = stored.map((row): TimelineEntry => {
    state = evolve(state, toSessionEvent(row))
    return {
      version: row.version,
      type: row.type,
      at: row.recordedAt.toISOString(),
      // The log keeps the actor's id even after an account is deleted; the name is today's, if any.
      actor: row.actorUserId === null ? null : { id: row.actorUserId, name: names.get(row.actorUserId) ?? `deleted user #${row.actorUserId}` },
      phaseAfter: state.phase,
      payload: row.payload as Record<string, unknown>,
    }
  })
  return { entries, state }
}

/** The key fields of an event on one line: what a maintainer scans for. */
function describePayload(payload: Record<string, unknown>): string {
  return Object.entries(payload)
    .filter(([key]) => key !== 'at' && key !== 'config' && key !== 'criteriaScores')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ')
}

/** A version past the log's end, as the admin's state route and the replay CLI both say it. */
export function versionOutOfRange(last: number): string {
  return last === 0 ? 'This session has no events' : `version must be from 1 to ${last}: this session's log has ${last} events`
}

/**
 * What `npm run replay -- CODE [--to N]` prints: one line per event (version, time, actor, type, key fields,
 * phase after it), and with --to the whole state after version N, to see exactly what the server knew then.
 */
export async function replayReport(db: Db, code: string, options: { to?: number } = {}): Promise<string> {
  const sessionId = await sessionIdFromLog(db, code)
  if (sessionId === null) throw new Error(`No session with code ${code}`)
  const { entries, state } = await replayTimeline(db, sessionId, options)
  // The log read stops at N: fewer entries than N means N is past its end.
  if (options.to !== undefined && entries.length < options.to) throw new Error(versionOutOfRange(entries.length))
  const lines = entries.map((entry) =>
    [
      `v${entry.version}`.padEnd(5),
      entry.at,
      (entry.actor?.name ?? '(server)').padEnd(20),
      entry.type.padEnd(22),
      describePayload(entry.payload),
      `-> ${entry.phaseAfter}`,
    ].join('  '),
  )
  const header = `Session ${state?.code ?? code} (id ${sessionId}): ${entries.length} events`
  const played = await casePlayed(db, state)
  if (options.to === undefined) return [header, ...lines, ...played].join('\n')
  return [header, ...lines, ...played, '', `State after version ${state?.version ?? 0}:`, JSON.stringify(state, null, 2)].join('\n')
}

/** The case version the state plays, as its participants read it (issue 35): later edits do not change it. */
async function casePlayed(db: Db, state: SessionState | null): Promise<string[]> {
  if (state?.caseId == null) return []
  const version = state.caseVersion ?? 1
  const shown = await findCaseVersion(db, state.caseId, version)
  return ['', `Case ${state.caseId} version ${version}: ${shown ? shown.title : '(deleted from the bank)'}`]
}
