import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { myPartnersContracts } from '../../schemas/api/my-partners.ts'
import { NO_SUCH_PARTNER, practiseAgainTitle } from '../../schemas/partners/my-partners.ts'
import { CreateSessionBody } from '../../schemas/session-api.ts'
import type { Mail, Mailer } from '../accounts/mailer.ts'
import { invitePath } from '../board/board-slots.ts'
import type { Db } from '../db/connect.ts'
import { notFound } from '../errors.ts'
import { actorOf, perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import type { SessionEngine } from '../sessions/engine/engine.ts'
import { findPartner, invitationsTo, lastConfigTogether, partnersOf, recordInvitation, removePartner } from './my-partners-repo.ts'

export interface MyPartnersOptions {
  db: Db
  engine: SessionEngine
  mailer: Mailer
  publicUrl: string
  rateLimits: boolean
}

/** The mail of "practise again": one partner invites the other into a new session, by its invite link. */
function practiseAgainMail(to: { name: string; email: string }, hostName: string, link: string, myPartnersLink: string): Mail {
  return {
    to: to.email,
    subject: `${hostName} invites you to practise again`,
    text: [
      `Hello ${to.name},`,
      '',
      `${hostName}, whom you have practised with, has opened a new session and invites you to join it:`,
      link,
      '',
      'Choose your seat on that page. The invitation is also on your My Partners page while the session runs:',
      myPartnersLink,
    ].join('\n'),
  }
}

/** Each "practise again" makes a session and sends a mail: a handful a minute is plenty for a person. */
const PRACTISE_AGAIN_PER_MINUTE = 5

/**
 * /api/partners/mine and /api/partners/invitations (issue 36): every route answers about the signed-in caller
 * only, and anyone outside their list (unknown, removed, blocked either way, suspended) is the same 404.
 */
export async function myPartnersRoutes(app: FastifyInstance, options: MyPartnersOptions) {
  const { db, engine, mailer, publicUrl } = options
  const signedIn = { preHandler: app.authenticate }

  const partnerOrNotFound = async (me: number, partnerId: number) => {
    const partner = await findPartner(db, me, partnerId, engine.now())
    if (!partner) throw notFound(NO_SUCH_PARTNER)
    return partner
  }

  serve(app, myPartnersContracts.mine, signedIn, async (request) => ({ partners: await partnersOf(db, request.currentUser.id, engine.now()) }))

  serve(app, myPartnersContracts.remove, signedIn, async (request, { params: { userId } }) => {
    const partner = await partnerOrNotFound(request.currentUser.id, userId)
    await removePartner(db, request.currentUser.id, partner.userId, engine.now())
    return { message: `${partner.name} is no longer in your partners` }
  })

  // A new session hosted by the caller, on the settings of the last one together, and the partner invited to it.
  // Made for later (keepOtherSessions): the caller's own room stays theirs until they start this one.
  serve(app, myPartnersContracts.practiseAgain, perUserLimit(app, options, PRACTISE_AGAIN_PER_MINUTE), async (request, { params: { userId } }) => {
    const me = request.currentUser
    const partner = await partnerOrNotFound(me.id, userId)
    const title = practiseAgainTitle(partner.name)
    const config = (await lastConfigTogether(db, me.id, partner.userId)) ?? v.parse(CreateSessionBody, { title }).config
    const { state } = await engine.runner.create(title, config, actorOf(request), true)
    await recordInvitation(db, me.id, partner.userId, state.sessionId, engine.now())
    const to = await db.selectFrom('users').select(['name', 'email']).where('id', '=', partner.userId).executeTakeFirstOrThrow()
    // Sent after the answer's work is done: a failed send is logged, the session and the invitation stand.
    const mail = practiseAgainMail(to, me.name, publicUrl + invitePath(state.code), `${publicUrl}/my-partners`)
    mailer.send(mail).catch((error) => request.log.error({ err: error }, 'practise-again mail failed'))
    return { sessionCode: state.code, message: `${partner.name} is invited by email. Choose the settings, then start once they have joined.` }
  })

  serve(app, myPartnersContracts.invitations, signedIn, async (request) => ({ invitations: await invitationsTo(db, request.currentUser.id, engine.now()) }))
}
