import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect.ts'
import { casesRoutes } from './cases-routes.ts'
import { categoriesRoutes } from './categories-routes.ts'
import { uploadRoutes } from './upload-routes.ts'

export interface ContentOptions {
  db: Db
  /** Uploaded images live under <dataDir>/uploads/images, beside the embedded database. */
  dataDir: string
}

/** The case bank: categories, cases, recall dates and case images (SPEC.md section 7). */
export async function contentRoutes(app: FastifyInstance, options: ContentOptions) {
  await app.register(categoriesRoutes, { db: options.db })
  await app.register(casesRoutes, { db: options.db })
  await app.register(uploadRoutes, { dataDir: options.dataDir })
}
