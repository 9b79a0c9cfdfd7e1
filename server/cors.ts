import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'

/**
 * Lets a client served from another origin call the API, as the spec's client does with its default
 * `VITE_API_URL=http://localhost:8080/api` while it runs on its own dev server (WIRE.md section 1). Our own
 * client is served from the API's origin and needs none of this. Tokens travel in the Authorization header, never
 * in cookies, so an allowed origin gains nothing a page could not already do with a token it holds.
 */
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

export function allowedOrigin(origin: string, listed: string[], production: boolean): boolean {
  return listed.includes(origin) || (!production && LOCAL_ORIGIN.test(origin))
}

/** Registered on the /api scope: the listed origins, and in development any page on this machine. */
export async function registerCors(api: FastifyInstance, options: { origins: string[]; production: boolean }) {
  await api.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigin(origin, options.origins, options.production)),
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    credentials: true,
    maxAge: 600,
  })
}
