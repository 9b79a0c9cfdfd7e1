import type { FastifyInstance } from 'fastify'
import { caseSearchContracts } from '../../schemas/api/case-search.ts'
import type { Db } from '../db/connect.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { bankPage, reviewerPage } from './case-pages.ts'

/**
 * Find a case (issue 35). Reviewers search the whole case; a candidate searches only what they read before a
 * station and is answered how each case is filed and rated, so choosing a case never gives one away.
 */
export async function caseSearchRoutes(app: FastifyInstance, options: { db: Db; rateLimits: boolean }) {
  const { db } = options
  serve(app, caseSearchContracts.reviewerSearch, { preHandler: app.requireReviewer }, async (request, { query }) => reviewerPage(db, query, request.currentUser.id))
  // A search runs as the candidate types (debounced): generous, but a loop is stopped.
  serve(app, caseSearchContracts.caseBank, perUserLimit(app, options, 120), async (request, { query }) => bankPage(db, query, request.currentUser.id))
}
