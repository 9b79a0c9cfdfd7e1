import type { BoardChanged } from '../../schemas/board.ts'
import type { Db } from '../db/connect.ts'
import type { PgListener } from '../db/pg-listener.ts'
import type { LiveHub } from '../live/live-hub.ts'
import type { CommitChannel } from '../sessions/cluster/bus.ts'

const BOARD_CHANNEL = 'board_changes'
/** Session events that change what the board shows of a listed session: its seats, its topics, its end. */
const BOARD_EVENTS = new Set(['ParticipantJoined', 'ParticipantLeft', 'SessionConfigured', 'SessionEnded'])

export interface BoardNotifier {
  /** A listing was added, changed or taken off: every instance tells its board subscribers. */
  changed(listingId: number | null): void
  close(): Promise<void>
}

export interface BoardNotifierOptions {
  db: Db
  live: Pick<LiveHub, 'publishToBoard'>
  commits: Pick<CommitChannel, 'subscribe'>
  /** Present on PostgreSQL (subscribed before it starts): listing changes reach the other instances by NOTIFY. */
  listener: PgListener | null
  log: { warn(object: unknown, message: string): void; error(object: unknown, message: string): void }
}

/**
 * Tells the board's live subscribers that it changed; their page reads it again, so a taken seat disappears for
 * everyone. Two sources: the listing rows (changed here, NOTIFY'd to every instance on PostgreSQL), and the
 * sessions' own commits (a join by code takes a seat too), which every instance already hears on the bus.
 */
export function createBoardNotifier(options: BoardNotifierOptions): BoardNotifier {
  const { db, live, commits, listener, log } = options
  const tellLocal = (listingId: number | null) => {
    const message: BoardChanged = { type: 'BOARD_CHANGED', listingId }
    live.publishToBoard(message)
  }

  const unsubscribe = commits.subscribe((batch) => {
    if (!batch.events.some(({ event }) => BOARD_EVENTS.has(event.type))) return
    db.selectFrom('board_listings')
      .select('id')
      .where('session_id', '=', batch.sessionId)
      .where('status', '=', 'OPEN')
      .executeTakeFirst()
      .then((row) => row && tellLocal(row.id))
      .catch((error) => log.warn({ err: error }, 'could not check a session for the board'))
  })

  const unlisten = listener?.subscribe({
    channels: [BOARD_CHANNEL],
    onNotification: (_channel, payload) => {
      const id = Number(payload)
      tellLocal(Number.isSafeInteger(id) && id > 0 ? id : null)
    },
    // What changed while nobody listened is unknown: the pages read the board again.
    onListening: () => tellLocal(null),
  })

  return {
    changed(listingId) {
      if (!listener) return tellLocal(listingId)
      listener.notify(BOARD_CHANNEL, String(listingId ?? '')).catch((error) => log.warn({ err: error }, 'could not announce a board change'))
    },
    async close() {
      unsubscribe()
      unlisten?.()
    },
  }
}
