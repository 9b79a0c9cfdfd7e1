import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import { contributionContracts } from '../../schemas/api/contributions.ts'
import { mayReview } from '../../schemas/auth.ts'
import { latestDateAt, type ContributionContent } from '../../schemas/contributions/contribution-body.ts'
import {
  contributionRefusal,
  maySee,
  NO_SUCH_CONTRIBUTION,
  OPEN_CONTRIBUTIONS_MAX,
  TOO_MANY_OPEN,
  type ContributionAction,
} from '../../schemas/contributions/contribution.ts'
import type { CaseBankCache } from '../content/case-bank-cache.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { conflict, forbidden, notFound } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { approveIn, submittableCase } from './approval.ts'
import { contributionView, myContributions, queueView } from './contribution-view.ts'
import {
  addThreadEntry,
  deleteDraft,
  findContribution,
  insertContribution,
  lockContribution,
  moveTo,
  openContributionCount,
  saveContent,
  type ContributionRow,
} from './contributions-repo.ts'

export interface ContributionOptions {
  db: Db
  /** What session decisions hold of the bank: an approval adds a case, so it is forgotten at once. */
  caseBank: CaseBankCache
  rateLimits: boolean
  clock?: () => number
}

type Work = (trx: Transaction<Database>, row: ContributionRow) => Promise<unknown>

/**
 * /api/contributions (issue 35, item 1): candidates draft and submit cases; reviewers comment, ask for changes and
 * approve. Each write locks the contribution's row and asks the shared rules (schemas/contributions/contribution.ts)
 * whether this person may do this in its present state; anyone who may not see it hears it does not exist.
 */
export async function contributionRoutes(app: FastifyInstance, options: ContributionOptions) {
  const { db } = options
  const today = () => latestDateAt(options.clock?.() ?? Date.now())
  const signedIn = { preHandler: app.authenticate }

  const standingOf = (row: ContributionRow, request: FastifyRequest) => ({
    state: row.state,
    isAuthor: row.author_id === request.currentUser.id,
    mayReview: mayReview(request.currentUser.role),
    everSubmitted: row.submitted_at !== null,
  })
  const visible = (row: ContributionRow | undefined, request: FastifyRequest): ContributionRow => {
    if (!row || !maySee(standingOf(row, request))) throw notFound(NO_SUCH_CONTRIBUTION)
    return row
  }
  const viewOf = async (id: number, request: FastifyRequest) => contributionView(db, visible(await findContribution(db, id), request), request.currentUser.id)

  /** Runs `work` on the locked row, in one transaction, once the rules allow `action`. */
  const locked = (action: ContributionAction, id: number, request: FastifyRequest, work: Work) =>
    db.transaction().execute(async (trx) => {
      const row = visible(await lockContribution(trx, id), request)
      const refusal = contributionRefusal(action, standingOf(row, request))
      if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : conflict(refusal.message)
      await work(trx, row)
    })
  /** The same, answering the contribution as it then is. */
  const act = async (action: ContributionAction, id: number, request: FastifyRequest, work: Work) => {
    await locked(action, id, request, work)
    return viewOf(id, request)
  }

  serve(app, contributionContracts.mine, signedIn, async (request) => myContributions(db, request.currentUser.id))

  serve(app, contributionContracts.create, perUserLimit(app, options, 10), async (request, { body }, reply) => {
    const authorId = request.currentUser.id
    if ((await openContributionCount(db, authorId)) >= OPEN_CONTRIBUTIONS_MAX) throw conflict(TOO_MANY_OPEN)
    const { id } = await insertContribution(db, authorId, body.content, body.showName)
    reply.code(201)
    return viewOf(id, request)
  })

  serve(app, contributionContracts.get, signedIn, async (request, { params }) => viewOf(params.id, request))

  // Generous: an author saves a draft as often as they like while they write.
  serve(app, contributionContracts.save, perUserLimit(app, options, 60), async (request, { params, body }) =>
    act('save', params.id, request, (trx, row) => saveContent(trx, row.id, body.content, body.showName)),
  )

  serve(app, contributionContracts.submit, perUserLimit(app, options, 10), async (request, { params, body }) =>
    act('submit', params.id, request, async (trx, row) => {
      await submittableCase(trx, row.content as ContributionContent, today())
      await moveTo(trx, row.id, 'SUBMITTED', { submitted: true })
      await addThreadEntry(trx, row.id, row.author_id, 'SUBMITTED', body.note)
    }),
  )

  serve(app, contributionContracts.remove, signedIn, async (request, { params }) => {
    await locked('delete', params.id, request, (trx, row) => deleteDraft(trx, row.id))
    return { message: 'Draft deleted' }
  })

  serve(app, contributionContracts.queue, { preHandler: app.requireReviewer }, async () => queueView(db))

  serve(app, contributionContracts.comment, signedIn, async (request, { params, body }) =>
    act('comment', params.id, request, (trx, row) => addThreadEntry(trx, row.id, request.currentUser.id, 'COMMENT', body.message)),
  )

  serve(app, contributionContracts.requestChanges, signedIn, async (request, { params, body }) =>
    act('requestChanges', params.id, request, async (trx, row) => {
      await moveTo(trx, row.id, 'CHANGES_REQUESTED')
      await addThreadEntry(trx, row.id, request.currentUser.id, 'CHANGES_REQUESTED', body.message)
    }),
  )

  serve(app, contributionContracts.approve, signedIn, async (request, { params, body }) => {
    const approved = await act('approve', params.id, request, (trx, row) => approveIn(trx, row, request.currentUser.id, body.note, today()))
    // After the commit: the next session on this instance draws from a bank that holds the new case (the
    // trigger on cases tells the other instances).
    options.caseBank.forgetAll()
    return approved
  })
}
