import { sql } from 'kysely'
import { ATTENDANCE_GRACE_MS, HOUR_REMINDER_BEFORE_MS, REMINDER_BEFORE_MS } from '../../schemas/board.ts'
import { realAlarm, type SetAlarm } from '../alarm.ts'
import type { Db } from '../db/connect.ts'
import type { BoardJobsTable } from '../db/schema.ts'
import { InFlight } from '../in-flight.ts'

export interface BoardJob {
  id: number
  listing_id: number
  kind: BoardJobsTable['kind']
}

export interface BoardJobs {
  /**
   * Stores a planned slot's jobs, replacing any it had, and wakes up for them: the reminders an hour and 15
   * minutes before (the hour's only when it is still to come), the opening, and the attendance 10 minutes after.
   */
  schedule(listingId: number, startsAt: Date): Promise<void>
  /** Drops a slot's jobs that have not run (listed again for now). */
  drop(listingId: number): Promise<void>
  /** Reads the next due time from the table and waits for it: at start-up, so a restart loses no job. */
  wake(): Promise<void>
  close(): Promise<void>
}

export interface BoardJobsOptions {
  db: Db
  now: () => number
  setAlarm?: SetAlarm
  run(job: BoardJob): Promise<void>
  log: { error(object: unknown, message: string): void }
}

/** A claimed job not finished by then (its instance died) is claimed again. */
const LEASE_MS = 2 * 60_000
/** Jobs stored by another instance are found by this look at the table at the latest. */
export const LOOK_AGAIN_MS = 60_000
const BATCH = 20

/**
 * The planned slots' jobs live in board_jobs with their due time, so a restart loses none. Every instance
 * sleeps until the earliest (or a minute), then claims what is due with FOR UPDATE SKIP LOCKED and a lease:
 * two instances never claim one job, and a job whose instance died mid-way is claimed again when its lease ends.
 * The clock is injected (tests move a manual clock on); the due times are compared with it, not with now().
 */
export function createBoardJobs(options: BoardJobsOptions): BoardJobs {
  const { db, now, run, log, setAlarm = realAlarm } = options
  const working = new InFlight()
  let cancel: (() => void) | null = null
  let closed = false

  const claimDue = async (): Promise<BoardJob[]> => {
    const at = new Date(now())
    const { rows } = await sql<BoardJob>`
      update board_jobs set claimed_until = ${new Date(at.getTime() + LEASE_MS)}
      where id in (
        select id from board_jobs
        where done_at is null and due_at <= ${at} and (claimed_until is null or claimed_until < ${at})
        order by due_at limit ${BATCH}
        for update skip locked)
      returning id, listing_id, kind`.execute(db)
    return rows
  }

  const runDue = async () => {
    for (let jobs = await claimDue(); jobs.length > 0 && !closed; jobs = await claimDue()) {
      for (const job of jobs) {
        try {
          await run(job)
          await db.updateTable('board_jobs').set({ done_at: new Date(now()) }).where('id', '=', job.id).execute()
        } catch (error) {
          log.error({ err: error, jobId: job.id }, 'a board job failed; it runs again when its lease ends')
        }
      }
    }
  }

  const wake = async () => {
    cancel?.()
    cancel = null
    if (closed) return
    const next = await db.selectFrom('board_jobs').select(sql<Date | null>`min(due_at)`.as('due')).where('done_at', 'is', null).executeTakeFirst()
    const due = next?.due ? new Date(next.due).getTime() : Number.POSITIVE_INFINITY
    const delay = Math.max(0, Math.min(due - now(), LOOK_AGAIN_MS))
    if (closed) return
    cancel = setAlarm(() => working.track(() => runDue().then(wake).catch((error) => log.error({ err: error }, 'board jobs failed'))), delay)
  }

  return {
    async schedule(listingId, startsAt) {
      await db.deleteFrom('board_jobs').where('listing_id', '=', listingId).where('done_at', 'is', null).execute()
      const start = startsAt.getTime()
      const jobs: Array<{ listing_id: number; kind: BoardJob['kind']; due_at: Date }> = [
        ...(start - HOUR_REMINDER_BEFORE_MS > now() ? [{ listing_id: listingId, kind: 'REMIND_HOUR' as const, due_at: new Date(start - HOUR_REMINDER_BEFORE_MS) }] : []),
        { listing_id: listingId, kind: 'REMIND', due_at: new Date(Math.max(now(), start - REMINDER_BEFORE_MS)) },
        { listing_id: listingId, kind: 'OPEN', due_at: startsAt },
        { listing_id: listingId, kind: 'ATTEND', due_at: new Date(start + ATTENDANCE_GRACE_MS) },
      ]
      await db
        .insertInto('board_jobs')
        .values(jobs)
        .onConflict((oc) => oc.columns(['listing_id', 'kind']).doUpdateSet((eb) => ({ due_at: eb.ref('excluded.due_at'), claimed_until: null, done_at: null })))
        .execute()
      await wake()
    },
    async drop(listingId) {
      await db.deleteFrom('board_jobs').where('listing_id', '=', listingId).where('done_at', 'is', null).execute()
    },
    wake,
    async close() {
      closed = true
      cancel?.()
      await working.settled()
    },
  }
}
