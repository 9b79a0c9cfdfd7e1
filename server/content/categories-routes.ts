import type { FastifyInstance } from 'fastify'
import { CategoryBody, IdParams } from '../../schemas/content.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound } from '../errors.ts'
import { parseBody } from '../validation.ts'
import { categoryView, deleteEmptyCategory, insertCategory, listCategories, renameCategory } from './categories-repo.ts'

const NAME_TAKEN = 'Category with this name already exists'
const NOT_FOUND = 'Category not found'

/**
 * /api/categories. Any signed-in user may list them (the configure screen offers them as topics); only an
 * admin may change them (the reference server let anyone: WIRE.md section 0).
 */
export async function categoriesRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options

  app.get('/categories', { preHandler: app.authenticate }, async () => (await listCategories(db)).map(categoryView))

  app.post('/categories', { preHandler: app.requireAdmin }, async (request, reply) => {
    const { name } = parseBody(CategoryBody, request.body)
    const row = await insertCategory(db, name)
    if (!row) throw conflict(NAME_TAKEN)
    return reply.code(201).send(categoryView(row))
  })

  app.put('/categories/:id', { preHandler: app.requireAdmin }, async (request) => {
    const { id } = parseBody(IdParams, request.params)
    const { name } = parseBody(CategoryBody, request.body)
    const result = await renameCategory(db, id, name)
    if (result.ok) return categoryView(result.row)
    throw result.reason === 'not-found' ? notFound(NOT_FOUND) : conflict(NAME_TAKEN)
  })

  // Refused while cases use the category: moving them silently would change what sessions draw, and
  // deleting them would lose content. The admin moves or deletes the cases first, knowingly.
  app.delete('/categories/:id', { preHandler: app.requireAdmin }, async (request) => {
    const { id } = parseBody(IdParams, request.params)
    const result = await deleteEmptyCategory(db, id)
    if (result.ok) return { message: 'Category deleted successfully' }
    if (result.reason === 'not-found') throw notFound(NOT_FOUND)
    const cases = `${result.caseCount} ${result.caseCount === 1 ? 'case' : 'cases'}`
    throw conflict(`Cannot delete a category that still has cases. Move or delete its ${cases} first.`, { caseCount: result.caseCount })
  })
}
