import { sql, type RawBuilder } from 'kysely'
import type { SessionEvent, SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { alongsideRows, type AlongsideWrite } from './event-store.ts'
import { latestJoinWrite } from './latest-joins.ts'
import { feedbackWrites, sessionRowWrites, type ProjectedEvent } from './projection.ts'

/** What one stored batch tells the read models. */
export interface BatchChange {
  /** Null when the batch starts the log (a create), or for a rebuild, which writes every row anew. */
  before: SessionState | null
  after: SessionState
  /** The batch's events with the versions the append gives them. */
  events: ProjectedEvent[]
  /** Who the command acted for; null for the clock and for a rebuild. */
  actorUserId: number | null
}

/**
 * A table kept from the log, written by the append's own statement, so it commits with the events or not at all.
 * To add one: write its `writes` and register it in SESSION_READ_MODELS; the command path is not edited.
 */
export interface ReadModel {
  name: string
  /** The event types whose batches change it; the others never ask it for writes. */
  follows: 'every event' | ReadonlyArray<SessionEvent['type']>
  writes(change: BatchChange, db: Db): AlongsideWrite[]
  /** When its writes return ids the command answers (the feedback rows' ids): the name of that answer. */
  answers?: string
}

export const SESSION_READ_MODELS: readonly ReadModel[] = [
  // First: a rebuild runs the writes one by one, and feedback rows refer to their session's row.
  { name: 'sessions and participants', follows: 'every event', writes: ({ before, after, events }) => sessionRowWrites(before, after, events) },
  { name: 'feedback', follows: ['FeedbackSubmitted'], writes: ({ before, after, events }) => feedbackWrites(before, after, events), answers: 'feedbackIds' },
  {
    // Not rebuilt from the log: it orders one user's joins as they commit (latest-joins.ts).
    name: 'latest joins',
    follows: ['ParticipantJoined'],
    writes: ({ after, events, actorUserId }, db) => {
      const write = actorUserId === null ? null : latestJoinWrite(db, actorUserId, after.sessionId, events.map(({ event }) => event))
      return write ? [write] : []
    },
  },
]

const followsBatch = (model: ReadModel, types: Set<string>) => model.follows === 'every event' || model.follows.some((type) => types.has(type))

/**
 * The writes of every read model the batch changes, in registry order, and the reads that answer the ids their
 * writes return (one JSON array per answering model, in the order of its writes).
 */
export function readModelWrites(change: BatchChange, db: Db, models: readonly ReadModel[] = SESSION_READ_MODELS) {
  const types = new Set(change.events.map(({ event }) => event.type))
  const writes: AlongsideWrite[] = []
  const answers: Record<string, RawBuilder<unknown>> = {}
  for (const model of models) {
    if (!followsBatch(model, types)) continue
    const own = model.writes(change, db)
    if (model.answers && own.length > 0) {
      const ids = own.map((_, index) => sql`(select id from ${alongsideRows(writes.length + index)})`)
      answers[model.answers] = sql`json_build_array(${sql.join(ids)})`
    }
    writes.push(...own)
  }
  return { writes, answers }
}
