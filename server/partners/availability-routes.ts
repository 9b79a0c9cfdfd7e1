import type { FastifyInstance } from 'fastify'
import { availabilityContracts } from '../../schemas/api/availability.ts'
import { fromMinutes, toMinutes } from '../../schemas/partners/availability.ts'
import { NO_SUCH_CANDIDATE } from '../../schemas/partners/safety.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, notFound } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { hoursOf, hoursOfUsers, matchableCandidates, replaceHours, visibleCandidate } from './hours-repo.ts'
import { cardFor, rankMatches } from './matching.ts'

export interface AvailabilityRoutesOptions {
  db: Db
  rateLimits: boolean
  /** The app's clock (tests move it on); Date.now by default. */
  clock?: () => number
}

/** Saves of the week a user may make in a minute: enough for a person fixing a stretch, too few to hammer it. */
const SAVES_PER_MINUTE = 10

/**
 * Weekly free hours and "Partners free when I am" (issue 36): /api/profile/hours for the signed-in user's own
 * week, /api/partners/matches and /api/partners/people/:id for the candidates they may see.
 */
export async function availabilityRoutes(app: FastifyInstance, options: AvailabilityRoutesOptions) {
  const { db } = options
  const now = options.clock ?? Date.now
  const signedIn = { preHandler: app.authenticate }

  serve(app, availabilityContracts.hours, signedIn, async (request) => ({ hours: fromMinutes(await hoursOf(db, request.currentUser.id)) }))

  serve(app, availabilityContracts.saveHours, perUserLimit(app, options, SAVES_PER_MINUTE), async (request, { body }) => {
    const stretches = body.hours.map(toMinutes)
    await replaceHours(db, request.currentUser.id, stretches)
    return { hours: fromMinutes(stretches), message: stretches.length > 0 ? 'Free hours saved' : 'Free hours cleared' }
  })

  serve(app, availabilityContracts.matches, signedIn, async (request, { query }) => {
    const me = request.currentUser
    const hours = await hoursOf(db, me.id)
    if (hours.length === 0) throw badRequest('Set your free hours first')
    if (!me.time_zone) throw badRequest('Set your time zone in your partner settings first')
    const at = now()
    const candidates = await matchableCandidates(db, me.id, at)
    const hoursByUser = await hoursOfUsers(db, candidates.map((candidate) => candidate.id))
    // "Near mine" needs a month of mine to be near: without one the whole list is the answer, and it says so.
    const examNear = query.examNear === 'true' && me.exam_month !== null
    const viewer = { hours, timeZone: me.time_zone, examMonth: me.exam_month }
    return { matches: rankMatches(candidates, hoursByUser, viewer, { examNear, now: at }), examNear }
  })

  serve(app, availabilityContracts.person, signedIn, async (request, { params }) => {
    const me = request.currentUser
    const at = now()
    const candidate = await visibleCandidate(db, me.id, at, params.id)
    // The one answer for anyone the viewer may not see: nobody learns who is hidden, suspended or has blocked them.
    if (!candidate) throw notFound(NO_SUCH_CANDIDATE)
    const viewer = { hours: await hoursOf(db, me.id), timeZone: me.time_zone, examMonth: me.exam_month }
    return { candidate: cardFor(candidate, await hoursOf(db, candidate.id), viewer, at) }
  })
}
