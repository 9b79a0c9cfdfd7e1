import type pg from 'pg'

/** Runs `work` while no other seat is being taken in the same listing, on any instance. */
export type SeatLock = <T>(listingId: number, work: () => Promise<T>) => Promise<T>

/** The advisory lock space of the board's seats (the first key of the two-key form). */
const SEAT_LOCK_SPACE = 20_020

/**
 * Taking a board seat checks the listing's free seats and then joins through the session's own command: two
 * people clicking the last seat must not both pass the check. On PostgreSQL a session-level advisory lock per
 * listing serialises them across instances (held on one pooled connection while the join runs on others); the
 * embedded database lives in one process, where a queue per listing does the same.
 */
export function seatLock(pool: pg.Pool | null): SeatLock {
  return pool ? advisoryLock(pool) : inProcessLock()
}

/**
 * Connections one instance may hold for seat locks at once: the join under each lock needs connections of its
 * own from the same pool, which must never be all taken by lock holders waiting for them.
 */
const MAX_HELD = 3

function advisoryLock(pool: pg.Pool): SeatLock {
  let held = 0
  const waiting: Array<() => void> = []
  const turn = () => {
    if (held < MAX_HELD) {
      held += 1
      return Promise.resolve()
    }
    // The slot is handed over by done() without being given back, so `held` stays right.
    return new Promise<void>((resolve) => waiting.push(resolve))
  }
  const done = () => {
    const next = waiting.shift()
    if (next) next()
    else held -= 1
  }
  return async (listingId, work) => {
    await turn()
    try {
      return await locked(pool, listingId, work)
    } finally {
      done()
    }
  }
}

async function locked<T>(pool: pg.Pool, listingId: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('select pg_advisory_lock($1, $2)', [SEAT_LOCK_SPACE, listingId])
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [SEAT_LOCK_SPACE, listingId]).catch(() => (broken = true))
    }
  } finally {
    // A connection that could not unlock may still hold the lock: it must not go back to the pool.
    client.release(broken)
  }
}

function inProcessLock(): SeatLock {
  const tails = new Map<number, Promise<unknown>>()
  return async (listingId, work) => {
    const before = tails.get(listingId) ?? Promise.resolve()
    const mine = before.catch(() => {}).then(work)
    tails.set(listingId, mine)
    try {
      return await mine
    } finally {
      if (tails.get(listingId) === mine) tails.delete(listingId)
    }
  }
}
