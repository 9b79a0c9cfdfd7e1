import type { FastifyInstance } from 'fastify'
import { contentContracts } from '../../schemas/api/content.ts'
import { type CaseView } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import type { CaseBankCache } from './case-bank-cache.ts'
import { normaliseCase, withKeptAdditions } from './case-rules.ts'
import { deleteCase, findCase, listCases, listRecallDates, saveCase, type SaveCaseResult } from './cases-repo.ts'
import { categoryView, deleteEmptyCategory, insertCategory, listCategoriesWithCounts, renameCategory } from './categories-repo.ts'
import { uploadRoutes } from './upload-routes.ts'
import { caseVersionRoutes } from './version-routes.ts'

export interface ContentOptions {
  db: Db
  /** Uploaded images live under <dataDir>/uploads/images, beside the embedded database. */
  dataDir: string
  /** What session decisions hold of the bank: every write here forgets it. */
  caseBank: CaseBankCache
}

const CATEGORY_NAME_TAKEN = 'Category with this name already exists'
const CATEGORY_NOT_FOUND = 'Category not found'
const CASE_NOT_FOUND = 'Case not found'
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The case bank (SPEC.md section 7). Categories and recall dates are readable by any signed-in user (the
 * configure screen offers them); every write, and the full case with its title, both scripts and the mark
 * scheme, is for admins only: candidates receive case content solely through their session, filtered by role
 * (schemas/case-views.ts). The reference server let anyone do all of it (WIRE.md section 0).
 */
export async function contentRoutes(app: FastifyInstance, options: ContentOptions) {
  const { db } = options
  // Once a write's transaction has committed and before it is answered: the admin's next command on this instance
  // then sees the change even if the trigger's notice (which every instance hears) arrives after the answer. A
  // refused write, or an image upload, forgets it too: one more read of the bank, and nothing to get wrong.
  app.addHook('onSend', async (request) => {
    if (!READS.has(request.method)) options.caseBank.forgetAll()
  })

  serve(app, contentContracts.categories, { preHandler: app.authenticate }, async () => listCategoriesWithCounts(db))

  serve(app, contentContracts.createCategory, { preHandler: app.requireAdmin }, async (_request, { body: { name } }, reply) => {
    const row = await insertCategory(db, name)
    if (!row) throw conflict(CATEGORY_NAME_TAKEN)
    reply.code(201)
    return categoryView(row)
  })

  serve(app, contentContracts.renameCategory, { preHandler: app.requireAdmin }, async (_request, { params: { id }, body: { name } }) => {
    const result = await renameCategory(db, id, name)
    if (result.ok) return categoryView(result.row)
    throw result.reason === 'not-found' ? notFound(CATEGORY_NOT_FOUND) : conflict(CATEGORY_NAME_TAKEN)
  })

  // Refused while cases use the category: moving them silently would change what sessions draw, and
  // deleting them would lose content. The admin moves or deletes the cases first, knowingly.
  serve(app, contentContracts.deleteCategory, { preHandler: app.requireAdmin }, async (_request, { params: { id } }) => {
    const result = await deleteEmptyCategory(db, id)
    if (result.ok) return { message: 'Category deleted successfully' }
    if (result.reason === 'not-found') throw notFound(CATEGORY_NOT_FOUND)
    const cases = `${result.caseCount} ${result.caseCount === 1 ? 'case' : 'cases'}`
    throw conflict(`Cannot delete a category that still has cases. Move or delete its ${cases} first.`, { caseCount: result.caseCount })
  })

  serve(app, contentContracts.recallDates, { preHandler: app.authenticate }, async () => listRecallDates(db))

  serve(app, contentContracts.cases, { preHandler: app.requireAdmin }, async () => listCases(db))

  serve(app, contentContracts.createCase, { preHandler: app.requireAdmin }, async (request, { body }, reply) => {
    const saved = savedCaseId(await saveCase(db, normaliseCase(body), undefined, { savedBy: request.currentUser.id }))
    reply.code(201)
    return savedCase(db, saved)
  })

  serve(app, contentContracts.updateCase, { preHandler: app.requireAdmin }, async (request, { params: { id }, body }) => {
    const stored = await findCase(db, id)
    const content = normaliseCase(stored ? withKeptAdditions(body, stored) : body)
    return savedCase(db, savedCaseId(await saveCase(db, content, id, { savedBy: request.currentUser.id })))
  })

  // A running session must not lose the case it plays; ended sessions and feedback keep their own copy of the
  // title and category, so deleting a case they played loses nothing.
  serve(app, contentContracts.deleteCase, { preHandler: app.requireAdmin }, async (_request, { params: { id } }) => {
    const result = await deleteCase(db, id)
    if (result.ok) return { message: 'Case deleted successfully' }
    if (result.reason === 'not-found') throw notFound(CASE_NOT_FOUND)
    const { activeSessionCount } = result
    throw conflict('This case is being played in a running session. Delete it once that session has ended.', { activeSessionCount })
  })

  await app.register(uploadRoutes, { dataDir: options.dataDir })
  await app.register(caseVersionRoutes, { db })
}

function savedCaseId(result: SaveCaseResult): number {
  if (result.ok) return result.id
  if (result.reason === 'not-found') throw notFound(CASE_NOT_FOUND)
  throw badRequest('Category not found', { validationErrors: { category: 'Category not found' } })
}

/** The case as just saved; gone only if another admin deleted it in between. */
async function savedCase(db: Db, id: number): Promise<CaseView> {
  const saved = await findCase(db, id)
  if (!saved) throw notFound(CASE_NOT_FOUND)
  return saved
}
