import type { FastifyBaseLogger } from 'fastify'
import * as v from 'valibot'
import { CreateSessionBody } from '../../schemas/session-api.ts'
import type { Actor, SessionConfig } from '../../schemas/session/types.ts'
import type { BoardJobs } from '../board/board-jobs.ts'
import type { BoardNotifier } from '../board/board-notifier.ts'
import type { BoardSlots } from '../board/board-slots.ts'
import { closeListing, findListing, upsertListing } from '../board/listings-repo.ts'
import type { Db } from '../db/connect.ts'
import { conflict, HttpError } from '../errors.ts'
import type { SessionEngine } from '../sessions/engine/engine.ts'
import { inReachOfEachOther, partiesOf, type ProposalRow } from './proposals-repo.ts'

export interface AgreedSessionDeps {
  db: Db
  engine: SessionEngine
  slots: BoardSlots
  jobs: BoardJobs
  notifier: BoardNotifier
  log: FastifyBaseLogger
}

/** The board's words for an agreed session: the patient seat is the partner's, an observer may still join. */
export const AGREED_NOTE = 'Agreed time: an observer is welcome'
const AGREED_TITLE = 'Practice at an agreed time'

/** The accepted time may not be planned while its host is off the board (a hidden host's listing takes no seat). */
export const HOST_HIDDEN_SELF = 'You are hidden from Find Partners: show yourself in your partner settings to plan this time'
export const CANNOT_PLAN = 'This time can no longer be planned: propose another time'

const actorOf = (person: { id: number; name: string }): Actor => ({ userId: person.id, name: person.name, isAdmin: false })

/**
 * Who hosts an accepted time and with which settings: about a listing, its host with its session's settings;
 * otherwise the one who proposed the accepted time, with a new session's defaults.
 */
async function hostingOf(db: Db, row: ProposalRow) {
  const { from, to } = partiesOf(row)
  const listing = row.listing_id === null ? undefined : await findListing(db, row.listing_id)
  if (listing && (listing.host_user_id === from.id || listing.host_user_id === to.id)) {
    const host = listing.host_user_id === from.id ? from : to
    return { host, guest: host === from ? to : from, title: listing.title, config: listing.config as SessionConfig }
  }
  return { host: from, guest: to, title: AGREED_TITLE, config: v.parse(CreateSessionBody, { title: AGREED_TITLE }).config }
}

/**
 * Makes an accepted proposal a planned session exactly like a planned listing: a session of its host, listed on
 * the board at the time with a patient seat and one observer seat, its reminders and opening scheduled, and the
 * other person in the patient seat through the board's own seat-taking (so the confirmation with its .ics and the
 * host's notice go out as for any booking, once nothing stands between the two any more). Should the seat not be
 * taken, the session ends and the error says so; the caller opens the proposal again.
 */
export async function planAgreedSession(deps: AgreedSessionDeps, row: ProposalRow, acceptedBy: number) {
  const { db, engine, slots, jobs, notifier, log } = deps
  const { host, guest, title, config } = await hostingOf(db, row)
  if (host.hidden) throw conflict(host.id === acceptedBy ? HOST_HIDDEN_SELF : CANNOT_PLAN)
  // Parted already (a suspension or a block committed with the accept): nothing is made, nobody is mailed.
  if (!(await inReachOfEachOther(db, host.id, guest.id, engine.now()))) throw conflict(CANNOT_PLAN)
  const startsAt = new Date(row.starts_at)
  // Made for later: its host keeps the room they are in until this one opens.
  const { state } = await engine.runner.create(title, config, actorOf(host), true)
  let listingId: number | null = null
  let seated
  try {
    listingId = await upsertListing(db, state.sessionId, host.id, { sessionCode: state.code, startsAt: startsAt.toISOString(), patientSeat: true, observerSeats: 1, note: AGREED_NOTE })
    if (listingId === null) throw conflict(CANNOT_PLAN)
    await jobs.schedule(listingId, startsAt)
    seated = await slots.seatWithoutMail(listingId, 'PATIENT', actorOf(guest), undefined)
    // A suspension (or a block) that came while this was planned may have run its own steps (listings cancelled,
    // sessions left, proposals withdrawn) before this session existed: asked after every write above, so one that
    // comes later still finds them. Undone below, before any booking mail went out; the caller withdraws the
    // proposal (reopenProposal).
    if (!(await inReachOfEachOther(db, host.id, guest.id, engine.now()))) throw conflict(CANNOT_PLAN)
  } catch (error) {
    if (listingId !== null) await closeListing(db, listingId, 'CANCELLED', engine.now())
    try {
      await engine.runner.execute(state.sessionId, { type: 'End' }, actorOf(host))
    } catch (endError) {
      log.warn({ err: endError, sessionId: state.sessionId }, 'could not end an agreed session that was not planned')
    }
    if (error instanceof HttpError && error.message !== CANNOT_PLAN) throw conflict(`The session could not be planned (${error.message}): the proposal is still open, try again`)
    throw error
  }
  await slots.mailBooking(seated, actorOf(guest), 'PATIENT')
  notifier.changed(listingId)
  return { sessionId: state.sessionId, code: state.code, listingId }
}
