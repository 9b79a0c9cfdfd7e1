import cors from '@fastify/cors'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Lets a client served from another origin call the API, as the spec's client does with its default
 * `VITE_API_URL=http://localhost:8080/api` while it runs on its own dev server (WIRE.md section 1). Our own
 * client is served from the API's origin and needs none of this. Tokens travel in the Authorization header, never
 * in cookies, so an allowed origin gains nothing a page could not already do with a token it holds.
 */
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

export interface OriginRule {
  /** CORS_ORIGINS. */
  origins: string[]
  production: boolean
}

export function allowedOrigin(origin: string, listed: string[], production: boolean): boolean {
  return listed.includes(origin) || (!production && LOCAL_ORIGIN.test(origin))
}

/**
 * The same rule for the live channel, where the server must apply it itself: browsers open a WebSocket to any
 * site without asking, and sockjs-client's xhr requests carry the Origin too. Pages from this server's own origin
 * are served it: PUBLIC_URL's origin, which holds behind a proxy that rewrites Host, or the address the request
 * came to. A request with no Origin does not come from a page (a script or a test client), as for the API.
 */
export function liveOriginCheck(rule: OriginRule, publicUrl: string): (request: FastifyRequest) => boolean {
  const publicOrigin = new URL(publicUrl).origin
  return (request) => {
    const origin = request.headers.origin
    if (origin === undefined || origin === publicOrigin) return true
    return origin === `${request.protocol}://${request.host}` || allowedOrigin(origin, rule.origins, rule.production)
  }
}

/** Registered on the /api scope: the listed origins, and in development any page on this machine. */
export async function registerCors(api: FastifyInstance, options: OriginRule) {
  await api.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigin(origin, options.origins, options.production)),
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    credentials: true,
    maxAge: 600,
  })
}
