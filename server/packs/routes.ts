import type { FastifyInstance } from 'fastify'
import { casePackContracts } from '../../schemas/api/case-packs.ts'
import type { Db } from '../db/connect.ts'
import { serve } from '../route-contract.ts'
import type { CaseBankCache } from '../content/case-bank-cache.ts'
import { imagesDir } from '../content/image-files.ts'
import { exportPack } from './export-pack.ts'
import { importPack } from './import-pack.ts'
import { casePackJsonSchema } from './json-schema.ts'

/**
 * A pack of about 300 cases is some 3-5 MB of text; each image inside it is up to 5 MB as base64 grows it by a
 * third. 50 MB takes a whole bank with several such images, for this route only (the app's limit is 1 MB).
 */
export const PACK_BODY_LIMIT = 50 * 1024 * 1024

export interface CasePackOptions {
  db: Db
  dataDir: string
  /** What session decisions hold of the bank: an import forgets it. */
  caseBank: CaseBankCache
}

/** Case packs (issue 35, item 4): the bank out and in, for admins; the format's JSON Schema for anyone. */
export async function casePackRoutes(app: FastifyInstance, options: CasePackOptions) {
  const { db } = options
  const imageDir = imagesDir(options.dataDir)

  serve(app, casePackContracts.export, { preHandler: app.requireAdmin }, async (_request, { query: { ids } }, reply) => {
    const now = new Date()
    const pack = await exportPack(db, imageDir, { ids, now })
    reply.header('content-disposition', `attachment; filename="plab2-case-pack-${now.toISOString().slice(0, 10)}.json"`)
    reply.header('cache-control', 'no-store')
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(pack, null, 2))
  })

  // Once the import's transaction has committed (or failed) and before it is answered, as content/routes.ts does.
  const forgetBank = async () => options.caseBank.forgetAll()
  serve(app, casePackContracts.import, { preHandler: app.requireAdmin, bodyLimit: PACK_BODY_LIMIT, onSend: forgetBank }, async (request) =>
    importPack(db, request.body, { imageDir, savedBy: request.currentUser.id }),
  )

  serve(app, casePackContracts.schema, {}, async (_request, _checked, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/schema+json; charset=utf-8').send(JSON.stringify(casePackJsonSchema(), null, 2)),
  )
}
