import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ACCESS_DENIED } from '../../../schemas/session/participants.ts'
import { observerFeedbackStatus } from '../../../schemas/session/feedback-rules.ts'
import { sessionContracts } from '../../../schemas/api/sessions.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'
import { serve } from '../../route-contract.ts'
import { actorOf, perUserLimit } from '../../request-identity.ts'
import { detailsFor, sessionToShow, type SessionRoutesContext } from './route-context.ts'
import { activeSessionsOfUser, feedbackReceived } from '../store/queries.ts'
import { participantViews, roleOf } from '../fan-out/session-view.ts'

const JOIN_REFUSED = 'Invalid session code or session is full'

/**
 * Reading sessions: by code (the case only for participants), the join check, the dashboard lists (active sessions, feedback
 * received), the observer status and the maintainers' timeline. Look-ups by code are rate limited per user,
 * so codes cannot be enumerated.
 */
export async function sessionQueryRoutes(app: FastifyInstance, context: SessionRoutesContext) {
  const { db, engine, findSession } = context
  const limited = (max: number) => perUserLimit(app, context, max)

  /** The session's state for a caller who must be in the room. */
  const stateForParticipant = async (request: FastifyRequest, code: string) => {
    const row = await findSession(request, code)
    const state = await engine.loader.load(row.id)
    if (!state) throw notFound('Session not found')
    if (!roleOf(state, request.currentUser.id)) throw forbidden(ACCESS_DENIED)
    return state
  }

  // The role page polls this every 2 s before its user has joined: 120 a minute leaves room for the room's own
  // reloads. Someone who has the code but is not in the room sees the lobby (title, participants and their
  // roles, phase) and no case at all: detailsFor gives the case only to a participant, filtered by role. One kept
  // out of it (a block with someone in it, issue 36) is told what a wrong code tells, by findSession.
  serve(app, sessionContracts.get, limited(120), async (request) => {
    const shown = await sessionToShow(context, (await findSession(request, request.params.code)).id)
    if (!shown) throw notFound('Session not found')
    return detailsFor(context, shown.state, request.currentUser.id, shown.extras)
  })

  // Says which roles are free without joining; the rules answer through a dry run of the join itself.
  serve(app, sessionContracts.join, limited(10), async (request, { body: { code } }) => {
    const row = await findSession(request, code, JOIN_REFUSED)
    const state = await engine.loader.load(row.id)
    if (!state) throw notFound(JOIN_REFUSED)
    const actor = actorOf(request)
    const myRole = roleOf(state, actor.userId)
    const roles = ['PATIENT', 'OBSERVER'] as const
    const open = await Promise.all(roles.map((role) => engine.runner.wouldAccept(row.id, { type: 'JoinWithRole', role }, actor)))
    const availableRoles = roles.filter((_, index) => open[index])
    if (!myRole && availableRoles.length === 0) throw conflict(JOIN_REFUSED)
    return {
      sessionCode: state.code,
      title: state.title,
      availableRoles,
      participants: participantViews(state, (userId) => engine.live.isOnline(state.code, userId)),
      userRole: myRole,
      isHost: state.hostUserId === actor.userId,
    }
  })

  serve(app, sessionContracts.active, { preHandler: app.authenticate }, async (request) => activeSessionsOfUser(db, request.currentUser.id, engine.now()))

  serve(app, sessionContracts.feedbackReceived, { preHandler: app.authenticate }, async (request) => feedbackReceived(db, request.currentUser.id))

  serve(app, sessionContracts.observerFeedbackStatus, { preHandler: app.authenticate }, async (request) => {
    return observerFeedbackStatus(await stateForParticipant(request, request.params.code))
  })
}
