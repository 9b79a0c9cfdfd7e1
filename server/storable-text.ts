import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors.ts'

/**
 * PostgreSQL cannot store a NUL in text ("invalid byte sequence"), nor a NUL or an unpaired UTF-16 surrogate in
 * jsonb (the session events), so such input would fail deep in a query as a 500. Neither is ever meaningful
 * text, so it is refused up front as a 400 naming the field.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const UNSTORABLE_TEXT = 'contains a character that cannot be stored (a NUL or an unpaired surrogate)'

/**
 * Where in `input` the first string PostgreSQL would refuse is, as a dot path under `path` (a refused key is
 * reported as its parent's path), else null.
 */
export function findUnstorableText(input: unknown, path: string): string | null {
  if (typeof input === 'string') return UNSTORABLE.test(input) ? path : null
  if (typeof input !== 'object' || input === null) return null
  for (const [key, value] of Object.entries(input)) {
    if (UNSTORABLE.test(key)) return path
    const found = findUnstorableText(value, `${path}.${key}`)
    if (found !== null) return found
  }
  return null
}

/** One hook for every route of `scope`: their path params, query string and JSON body, before any route reads them. */
export function refuseUnstorableText(scope: FastifyInstance) {
  scope.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body }
    for (const [part, input] of Object.entries(parts)) {
      const found = findUnstorableText(input, part)
      if (found === null) continue
      // The field as the client named it: "search", "criteriaScores.0.criterionName"; "query" for a refused key.
      const field = found === part ? part : found.slice(part.length + 1)
      const message = `${field} ${UNSTORABLE_TEXT}`
      throw badRequest(message, { validationErrors: { [field]: message } })
    }
  })
}
