import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * One log line per request, once it is answered: Fastify's own writes two ("incoming request" and "request
 * completed"), a measurable share of the CPU under load (issue 15). The query string is left out: it can carry
 * secrets, as the token of a /reset-password link does.
 */
export class OneLinePerRequest extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const queryStart = request.url.indexOf('?')
    const line = {
      method: request.method,
      url: queryStart === -1 ? request.url : request.url.slice(0, queryStart),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request')
  }
}
