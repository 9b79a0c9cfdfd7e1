import type { FastifyInstance, FastifyRequest } from 'fastify'
import { lookUpCounted, type CodeMissLimit } from '../sessions/http/code-miss-limit.ts'
import { boardContracts } from '../../schemas/api/board.ts'
import { MAX_OPEN_LISTINGS, REMOVED_BY_ADMIN, monthsApart, NEAR_EXAM_MONTHS, plannedStartProblem } from '../../schemas/board.ts'
import { isRunning, RANDOM_TOPIC, type SessionConfig } from '../../schemas/session/types.ts'
import { listCategories } from '../content/categories-repo.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import type { SessionEngine } from '../sessions/engine/engine.ts'
import { findSessionByCode } from '../sessions/store/queries.ts'
import { actorOf, commandIdOf, perUserLimit } from '../request-identity.ts'
import { leaveOtherSessions } from '../sessions/http/route-context.ts'
import { serve } from '../route-contract.ts'
import type { BoardJobs } from './board-jobs.ts'
import type { BoardNotifier } from './board-notifier.ts'
import { keptForMember, seatsSeenBy } from './board-seats.ts'
import type { BoardSlots } from './board-slots.ts'
import { countOpenListings, findListing, isOnBoard, listingView, openListingOfSession, openListings, openListingsSeenBy, upsertListing } from './listings-repo.ts'

export interface BoardRoutesOptions {
  db: Db
  engine: SessionEngine
  slots: BoardSlots
  jobs: BoardJobs
  notifier: BoardNotifier
  /** The session routes' count of each user's wrong codes (null without rate limits). */
  codeMisses: CodeMissLimit | null
  rateLimits: boolean
}

/** Listings and seat-taking a user may do in a minute: enough to fix a typo, too few to flood the board. */
const LISTINGS_PER_MINUTE = 5
const SEATS_PER_MINUTE = 10

/** An unknown topic named in a filter or in the session being listed is a 400 that names it. */
async function requireKnownTopics(db: Db, topics: string[]) {
  const known = new Set((await listCategories(db)).map((category) => category.name.toLowerCase()))
  const unknown = topics.find((topic) => topic !== RANDOM_TOPIC && !known.has(topic.toLowerCase()))
  if (unknown !== undefined) throw badRequest(`Unknown topic: ${unknown}`, { validationErrors: { topic: `Unknown topic: ${unknown}` } })
}

/** /api/board/**: the Find Partners board (issue 20). Any signed-in user reads it; hosts list, others take seats. */
export async function boardRoutes(app: FastifyInstance, options: BoardRoutesOptions) {
  const { db, engine, slots, jobs, notifier, codeMisses } = options
  const signedIn = { preHandler: app.authenticate }

  serve(app, boardContracts.board, signedIn, async (request, { query }) => {
    if (query.topic) await requireKnownTopics(db, [query.topic])
    const me = request.currentUser
    if (query.nearMyExam === 'true' && !me.exam_month) throw badRequest('Set your exam month in your profile to find partners near it')
    const horizon = query.withinHours === undefined ? Number.POSITIVE_INFINITY : engine.now() + query.withinHours * 3_600_000
    const topic = query.topic?.toLowerCase()
    const open = await openListingsSeenBy(db, me.id)
    const seats = await seatsSeenBy(db, me.id, open)
    const listings = open
      .filter((row) => isOnBoard(row) || keptForMember(row, seats.get(row.id), me.id, engine.now()))
      .filter((row) => !row.starts_at || new Date(row.starts_at).getTime() <= horizon)
      .filter((row) => query.nearMyExam !== 'true' || (row.exam_month !== null && monthsApart(row.exam_month, me.exam_month!) <= NEAR_EXAM_MONTHS))
      .map((row) => listingView(row, me.id, seats.get(row.id)))
      .filter((listing) => !topic || listing.topics.some((name) => name.toLowerCase() === topic))
    return { listings }
  })

  /**
   * The session a code names, for its host's listing routes. To anyone else it is a wrong code, counted as one in
   * the session routes' budget: these routes tell nobody which codes name a session, nor that someone in it
   * blocked them (issue 36).
   */
  const sessionHostedBy = (request: FastifyRequest, typed: string) =>
    lookUpCounted(codeMisses, request, typed, async (code) => {
      const session = await findSessionByCode(db, code)
      return session?.host_user_id === request.currentUser.id ? session : undefined
    })

  serve(app, boardContracts.list, perUserLimit(app, options, LISTINGS_PER_MINUTE), async (request, { body }, reply) => {
    const problem = plannedStartProblem(body.startsAt, engine.now())
    if (problem) throw badRequest(problem, { validationErrors: { startsAt: problem } })
    const me = request.currentUser
    const session = await sessionHostedBy(request, body.sessionCode)
    if (session.phase !== 'WAITING' && body.startsAt) throw conflict('This session has already started: plan a new one instead')
    if (!isRunning(session.status)) throw conflict('This session has ended')
    await requireKnownTopics(db, (session.config as SessionConfig).selectedTopics)
    if ((await countOpenListings(db, me.id, session.id)) >= MAX_OPEN_LISTINGS) {
      throw conflict(`You already have ${MAX_OPEN_LISTINGS} listings on the board: cancel one first`)
    }
    const id = await upsertListing(db, session.id, me.id, body)
    if (id === null) throw conflict(REMOVED_BY_ADMIN)
    if (body.startsAt) await jobs.schedule(id, new Date(body.startsAt))
    else await jobs.drop(id)
    // Listed for now, the session is the room its host waits in: one kept open while it was made is left.
    if (!body.startsAt) await leaveOtherSessions({ db, engine }, request, session.id)
    notifier.changed(id)
    const row = await findListing(db, id)
    reply.code(201)
    return { listing: listingView(row!, me.id), message: 'Listed on Find Partners' }
  })

  // The host's configure page, opened again, learns that its session is listed and on which terms (issue 30).
  serve(app, boardContracts.listingOf, signedIn, async (request) => {
    const me = request.currentUser
    const session = await sessionHostedBy(request, request.params.code)
    const row = await openListingOfSession(db, session.id)
    return { listing: row ? listingView(row, me.id) : null }
  })

  serve(app, boardContracts.takeSeat, perUserLimit(app, options, SEATS_PER_MINUTE), async (request, { params: { id }, body: { role } }) => {
    const row = await slots.takeSeat(id, role, actorOf(request), commandIdOf(request))
    // Taking a seat in the room open now is joining it (the user leaves other rooms); a planned seat waits.
    const planned = slots.isPlanned(row)
    if (!planned) await leaveOtherSessions({ db, engine }, request, row.session_id)
    return {
      sessionCode: row.code,
      role,
      startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
      message: planned ? 'Seat booked: a confirmation is on its way by email' : `Joined the session as ${role.toLowerCase()}`,
    }
  })

  serve(app, boardContracts.cancel, signedIn, async (request, { params: { id } }) => {
    const row = await findListing(db, id)
    if (!row) throw notFound('Listing not found')
    if (row.host_user_id !== request.currentUser.id) throw forbidden('Only the host can cancel this listing')
    await slots.cancel(row)
    return { message: 'Listing cancelled' }
  })

  serve(app, boardContracts.adminListings, { preHandler: app.requireAdmin }, async (request) => ({
    listings: (await openListings(db)).map((row) => listingView(row, request.currentUser.id)),
  }))

  serve(app, boardContracts.adminRemove, { preHandler: app.requireAdmin }, async (_request, { params: { id } }) => {
    const row = await findListing(db, id)
    if (!row) throw notFound('Listing not found')
    await slots.remove(row)
    return { message: 'Listing removed' }
  })
}
