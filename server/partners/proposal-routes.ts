import type { FastifyInstance } from 'fastify'
import { proposalContracts } from '../../schemas/api/proposals.ts'
import { NO_SUCH_PROPOSAL, proposalRefusal, type ProposalAction } from '../../schemas/partners/proposal.ts'
import type { Mail, Mailer } from '../accounts/mailer.ts'
import { conflict, forbidden, notFound } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { planAgreedSession, type AgreedSessionDeps } from './agreed-session.ts'
import { answeredMail, withdrawnMail } from './proposal-mail.ts'
import { counter, propose, type ProposeContext } from './propose.ts'
import { factsOf, moveProposal, partiesOf, proposalOf, proposalsOf, proposalView, recordSession, reopenProposal, type ProposalRow } from './proposals-repo.ts'

export interface ProposalRoutesOptions extends AgreedSessionDeps {
  mailer: Mailer
  publicUrl: string
  rateLimits: boolean
}

/** Proposals and answers a user may send in a minute: plenty for a person, too few to flood anyone's inbox. */
const PROPOSALS_PER_MINUTE = 10
const ANSWERS_PER_MINUTE = 20

/** The page where proposals are answered, linked from every mail. */
export const MY_PARTNERS_PATH = '/my-partners'

/**
 * /api/proposals/**: agreeing a time with a partner (issue 36). Only the two people of a proposal know of it
 * (anyone else, and either of them once a block or a suspension stands between them, gets "There is no such
 * proposal"); what each may do in which state is schemas/partners/proposal.ts. An accepted time becomes a planned
 * session through the board (agreed-session.ts).
 */
export async function proposalRoutes(app: FastifyInstance, options: ProposalRoutesOptions) {
  const { db, engine, mailer, log } = options
  const link = options.publicUrl + MY_PARTNERS_PATH
  const answering = perUserLimit(app, options, ANSWERS_PER_MINUTE)
  /** Mail is sent after the answer's work is done; a failed send is logged, it never undoes an answer. */
  const send = (mail: Mail) => void mailer.send(mail).catch((error) => log.error({ err: error }, 'proposal mail failed'))
  const context = (): ProposeContext => ({ db, now: engine.now(), send, link })

  /** The proposal, if `me` may see it, and may do `action` to it now: 404 / 403 / 409 otherwise. */
  const allowed = async (id: number, me: number, action: ProposalAction): Promise<ProposalRow> => {
    const row = await proposalOf(db, id, me, engine.now())
    if (!row) throw notFound(NO_SUCH_PROPOSAL)
    const refusal = proposalRefusal(factsOf(row), me, action, engine.now())
    if (refusal) throw refusal.kind === 'NOT_YOURS' ? forbidden(refusal.message) : conflict(refusal.message)
    return row
  }
  /** Moved by another click first (a second tab): the refusal of the state it is in now. */
  const movedMeanwhile = async (id: number, me: number, action: ProposalAction) => {
    await allowed(id, me, action)
    return conflict('This proposal was answered meanwhile')
  }

  serve(app, proposalContracts.propose, perUserLimit(app, options, PROPOSALS_PER_MINUTE), async (request, { body }, reply) => {
    const me = request.currentUser
    const proposal = await propose(context(), me, body)
    reply.code(201)
    return { proposal: proposalView(proposal, me.id, engine.now()), message: `Time proposed to ${proposal.to_name}` }
  })

  serve(app, proposalContracts.list, { preHandler: app.authenticate }, async (request) => {
    const me = request.currentUser.id
    const now = engine.now()
    return { proposals: (await proposalsOf(db, me, now)).map((row) => proposalView(row, me, now)) }
  })

  serve(app, proposalContracts.accept, answering, async (request, { params: { id } }) => {
    const me = request.currentUser.id
    const row = await allowed(id, me, 'accept')
    if (!(await moveProposal(db, id, 'ACCEPTED', me, engine.now()))) throw await movedMeanwhile(id, me, 'accept')
    let planned
    try {
      planned = await planAgreedSession(options, row, me)
    } catch (error) {
      await reopenProposal(db, id, engine.now())
      throw error
    }
    await recordSession(db, id, planned.sessionId)
    const { from, to } = partiesOf(row)
    send(answeredMail(from, to, new Date(row.starts_at), 'ACCEPTED', link))
    return { sessionCode: planned.code, message: `Accepted: ${from.name} is told, and you both get a calendar invitation` }
  })

  serve(app, proposalContracts.decline, answering, async (request, { params: { id } }) => {
    const me = request.currentUser.id
    const row = await allowed(id, me, 'decline')
    if (!(await moveProposal(db, id, 'DECLINED', me, engine.now()))) throw await movedMeanwhile(id, me, 'decline')
    const { from, to } = partiesOf(row)
    send(answeredMail(from, to, new Date(row.starts_at), 'DECLINED', link))
    return { message: `Declined: ${from.name} is told` }
  })

  serve(app, proposalContracts.counter, answering, async (request, { params: { id }, body }) => {
    const me = request.currentUser
    const row = await allowed(id, me.id, 'counter')
    const proposed = await counter(context(), me, row, body)
    if (!proposed) throw await movedMeanwhile(id, me.id, 'counter')
    return { proposal: proposalView(proposed, me.id, engine.now()), message: `Another time proposed to ${proposed.to_name}` }
  })

  serve(app, proposalContracts.withdraw, answering, async (request, { params: { id } }) => {
    const me = request.currentUser.id
    const row = await allowed(id, me, 'withdraw')
    if (!(await moveProposal(db, id, 'WITHDRAWN', me, engine.now()))) throw await movedMeanwhile(id, me, 'withdraw')
    const { from, to } = partiesOf(row)
    send(withdrawnMail(to, from, new Date(row.starts_at), link))
    return { message: 'Proposal withdrawn' }
  })
}
