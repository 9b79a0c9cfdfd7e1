import { randomUUID } from 'node:crypto'
import type { FastifyError, FastifyInstance } from 'fastify'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/availability.ts'
import { HttpError } from './errors.ts'

/** How soon a client may try again once the database went away: a restart or a failover takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5

/**
 * The one place errors become responses: always JSON { error, ...extra } (WIRE.md section 0), never a stack
 * trace. Unexpected errors are logged with an id the user can quote.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const { retryAfterSeconds } = error.extra
      if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(retryAfterSeconds))
      return reply.code(error.statusCode).send({ error: error.message, ...error.extra })
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while the database restarts: one line, no stack, and the client is told to try again.
      request.log.warn(`database unavailable: ${error.message}`)
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return reply.code(503).send({ error: DATABASE_UNAVAILABLE })
    }
    const known = describeFrameworkError(error)
    if (known) return reply.code(known.status).send({ error: known.message })
    const errorId = randomUUID()
    request.log.error({ err: error, errorId }, 'unhandled error')
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.', errorId })
  })
}

function describeFrameworkError(error: FastifyError): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: 'The request body is too large' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Unsupported content type: send JSON' }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Invalid Content-Length' }
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: error.message }
  }
  return null
}
