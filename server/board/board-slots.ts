import type { FastifyBaseLogger } from 'fastify'
import { SEAT_TAKEN } from '../../schemas/board.ts'
import { JOIN_NOT_ALLOWED } from '../../schemas/partners/safety.ts'
import type { Actor } from '../../schemas/session/types.ts'
import type { Mail, Mailer } from '../accounts/mailer.ts'
import type { Db } from '../db/connect.ts'
import { conflict, HttpError } from '../errors.ts'
import type { SessionEngine } from '../sessions/engine/engine.ts'
import { bookingNoticeMail, cancellationMail, confirmationMail, reminderMail, type SlotFacts } from './board-mail.ts'
import type { BoardJob } from './board-jobs.ts'
import type { BoardNotifier } from './board-notifier.ts'
import { isRunning } from '../../schemas/session/types.ts'
import { closeListing, findListing, isOnBoard, seatsFree, slotMembers, type ListingRow } from './listings-repo.ts'
import type { SeatLock } from './seat-lock.ts'
import { settleAttendance, stampPresentAtStart } from '../partners/attendance.ts'
import { blockedJoinRefusal } from '../partners/blocks-repo.ts'

export interface BoardSlotsOptions {
  db: Db
  engine: SessionEngine
  mailer: Mailer
  notifier: BoardNotifier
  lock: SeatLock
  publicUrl: string
  /** The mail's From (MAIL_FROM): its address organizes the slots' calendar events. */
  mailFrom: string
  log: FastifyBaseLogger
  /** Whether a person is in a session's room now, on any instance (attendance). */
  isOnline(sessionCode: string, userId: number): boolean
}

/** The session refusals that mean someone else sat down first, and a block's, told the same (issue 36). */
const SEAT_GONE = new Set(['This role has already been taken', 'Invalid session code or session is full', JOIN_NOT_ALLOWED])

type SeatRole = 'PATIENT' | 'OBSERVER'

export const invitePath = (code: string) => `/session/${encodeURIComponent(code)}/role`

/** The address of a From header ("PLAB Practice <no-reply@example.org>" or a bare address). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim()

/**
 * What happens to a listing beyond its row: a seat taken through the session's own join command, the planned
 * slot's mail, its reminder and opening (run by board-jobs.ts), cancelling and expiring.
 */
export function boardSlots(options: BoardSlotsOptions) {
  const { db, engine, mailer, notifier, lock, publicUrl, log } = options
  const organizerEmail = addressOf(options.mailFrom)

  const facts = (row: ListingRow): SlotFacts => ({
    listingId: row.id,
    title: row.title,
    hostName: row.host_name,
    startsAt: new Date(row.starts_at!),
    link: publicUrl + invitePath(row.code),
    organizer: { name: row.host_name, email: organizerEmail },
  })
  const hostActor = (row: ListingRow): Actor => ({ userId: row.host_user_id, name: row.host_name, isAdmin: false })
  const isPlanned = (row: ListingRow) => row.starts_at !== null && new Date(row.starts_at).getTime() > engine.now()

  /** Mail is sent after the answer's work is done; a failed send is logged, it never undoes a seat. */
  const send = async (mail: () => Mail) => {
    try {
      await mailer.send(mail())
    } catch (error) {
      log.error({ err: error }, 'board mail failed')
    }
  }

  const recipients = async (row: ListingRow, withHost: boolean) => {
    const members = await slotMembers(db, row.session_id)
    const zones = await db.selectFrom('users').select(['id', 'time_zone']).where('id', 'in', members.length ? members.map((m) => m.id) : [0]).execute()
    const zoneOf = new Map(zones.map((z) => [z.id, z.time_zone]))
    return members.filter((m) => withHost || m.id !== row.host_user_id).map((m) => ({ ...m, timeZone: zoneOf.get(m.id) ?? null }))
  }

  /** Ends a planned slot's session as its host (the doctor): the room will not open. */
  const endSession = async (row: ListingRow) => {
    try {
      await engine.runner.execute(row.session_id, { type: 'End' }, hostActor(row))
    } catch (error) {
      // Already ended (everyone left), or the host is no longer its doctor: nothing left to close.
      log.warn({ err: error, listingId: row.id }, 'could not end a closed slot')
    }
  }

  /**
   * takeSeat without its mail, for a caller that checks more before the booking stands (an agreed time, whose two
   * people may part at that very moment): it mails the booking itself once it does. Under the listing's lock, so
   * two people cannot both take its last seat.
   */
  const seatWithoutMail = async (listingId: number, role: SeatRole, actor: Actor, commandId: string | undefined) =>
    lock(listingId, async () => {
      const listing = await findListing(db, listingId)
      if (!listing || !isOnBoard(listing)) throw conflict(SEAT_TAKEN)
      const free = seatsFree(listing)
      if (role === 'PATIENT' ? !free.patientSeatFree : free.observerSeatsFree === 0) throw conflict(SEAT_TAKEN)
      try {
        // A block between the taker and anyone in the room refuses the join in its own append, with the words
        // of a full room: the taker is told what an unknown listing tells (issue 36).
        await engine.runner.execute(listing.session_id, { type: 'JoinWithRole', role }, actor, { commandId, refusals: [blockedJoinRefusal(listing.session_id, actor.userId)] })
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409 && SEAT_GONE.has(error.message)) throw conflict(SEAT_TAKEN)
        throw error
      }
      return listing
    })

  /** A planned slot's booking, mailed: the booker's confirmation with its .ics, and the host's notice. */
  const mailBooking = async (row: ListingRow, actor: Actor, role: SeatRole) => {
    if (!isPlanned(row)) return
    const people = await recipients(row, true)
    const me = people.find((person) => person.id === actor.userId)
    const host = people.find((person) => person.id === row.host_user_id)
    if (me) void send(() => confirmationMail(facts(row), me, role))
    if (host && me) void send(() => bookingNoticeMail(facts(row), host, me.name, role))
  }

  /**
   * A slot called off once its time has come keeps its attendance to settle (closeListing), but its OPEN job, late
   * or not yet run, then does nothing: whoever holding a seat is in the room now is stamped here instead, as that
   * job would have (someone who came more than half an hour early and stayed has no other stamp).
   */
  const stampIfStarted = async (row: ListingRow) => {
    if (row.starts_at && new Date(row.starts_at).getTime() <= engine.now()) await stampPresentAtStart(db, row, options.isOnline, engine.now())
  }

  return {
    isPlanned,

    /**
     * One free seat of the listing, taken through the session's own join command (the rules of a join by
     * code), and for a planned slot the booker's confirmation and the host's notice mailed.
     */
    async takeSeat(listingId: number, role: SeatRole, actor: Actor, commandId: string | undefined) {
      const row = await seatWithoutMail(listingId, role, actor, commandId)
      await mailBooking(row, actor, role)
      return row
    },

    seatWithoutMail,
    mailBooking,

    /** The host calls a listing off: a planned slot's session ends and everyone in it is told by email. */
    async cancel(row: ListingRow) {
      if (!(await closeListing(db, row.id, 'CANCELLED', engine.now()))) return
      await stampIfStarted(row)
      notifier.changed(row.id)
      if (!isPlanned(row)) return
      const people = await recipients(row, false)
      await endSession(row)
      for (const person of people) void send(() => cancellationMail(facts(row), person))
    },

    /** An admin takes a listing off the board; the session itself is left as it is. */
    async remove(row: ListingRow) {
      if (!(await closeListing(db, row.id, 'REMOVED', engine.now()))) return
      await stampIfStarted(row)
      notifier.changed(row.id)
    },

    async runJob(job: BoardJob) {
      const row = await findListing(db, job.listing_id)
      if (!row || !row.starts_at) return
      // Settled even when the session has ended or the listing was called off since its start (closeListing keeps
      // only this job then): a host who ended it at once, with nobody come, does not wipe out who kept the time.
      if (job.kind === 'ATTEND') return settleAttendance(db, row, options.isOnline, engine.now())
      // A listing called off, or a session that ended (its host left, or deleted their account), has nothing to
      // remind of or open.
      if (row.status !== 'OPEN' || !isRunning(row.session_status)) return
      if (job.kind === 'REMIND' || job.kind === 'REMIND_HOUR') {
        const minutes = job.kind === 'REMIND' ? 15 : 60
        await Promise.all((await recipients(row, true)).map((person) => send(() => reminderMail(facts(row), person, minutes))))
        return
      }
      // The time has come: the room is open now, and whoever is in it has arrived. A slot nobody joined expires.
      await stampPresentAtStart(db, row, options.isOnline, engine.now())
      if ((await recipients(row, false)).length === 0) {
        await closeListing(db, row.id, 'EXPIRED', engine.now())
        await endSession(row)
      }
      notifier.changed(row.id)
    },
  }
}

export type BoardSlots = ReturnType<typeof boardSlots>
