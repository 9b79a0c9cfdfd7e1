import type { FastifyInstance } from 'fastify'
import { CaseBody, IdParams } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, notFound } from '../errors.ts'
import { parseBody } from '../validation.ts'
import { normaliseCase } from './case-rules.ts'
import { deleteCase, findCase, listCases, listRecallDates, saveCase, type SaveCaseResult } from './cases-repo.ts'

const NOT_FOUND = 'Case not found'

/**
 * /api/cases. The full case (title, both scripts, mark scheme) is for admins only: candidates receive case
 * content solely through their session, filtered by role (schemas/case-views.ts).
 */
export async function casesRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options

  // Any signed-in user: the configure screen offers these dates for recall practice.
  app.get('/cases/recall/dates', { preHandler: app.authenticate }, async () => listRecallDates(db))

  app.get('/cases', { preHandler: app.requireAdmin }, async () => listCases(db))

  app.post('/cases', { preHandler: app.requireAdmin }, async (request, reply) => {
    const content = normaliseCase(parseBody(CaseBody, request.body))
    const saved = savedId(await saveCase(db, content))
    return reply.code(201).send(await findCase(db, saved))
  })

  app.put('/cases/:id', { preHandler: app.requireAdmin }, async (request) => {
    const { id } = parseBody(IdParams, request.params)
    const content = normaliseCase(parseBody(CaseBody, request.body))
    return findCase(db, savedId(await saveCase(db, content, id)))
  })

  // Sessions that used the case will reference it once the session engine exists; its foreign keys decide
  // then whether a case in use can go (WIRE.md section 5 answers 400 with the session counts).
  app.delete('/cases/:id', { preHandler: app.requireAdmin }, async (request) => {
    const { id } = parseBody(IdParams, request.params)
    if (!(await deleteCase(db, id))) throw notFound(NOT_FOUND)
    return { message: 'Case deleted successfully' }
  })
}

function savedId(result: SaveCaseResult): number {
  if (result.ok) return result.id
  if (result.reason === 'not-found') throw notFound(NOT_FOUND)
  throw badRequest('Category not found', { validationErrors: { category: 'Category not found' } })
}
