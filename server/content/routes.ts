import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect.ts'
import { casesRoutes } from './cases-routes.ts'
import { categoriesRoutes } from './categories-routes.ts'

export interface ContentOptions {
  db: Db
}

/** The case bank: categories, cases and recall dates (SPEC.md section 7). */
export async function contentRoutes(app: FastifyInstance, options: ContentOptions) {
  await app.register(categoriesRoutes, { db: options.db })
  await app.register(casesRoutes, { db: options.db })
}
