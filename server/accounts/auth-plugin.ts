import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/connect.ts'
import type { UserRow } from '../db/schema.ts'
import { forbidden, unauthorized } from '../errors.ts'
import { findUserById } from './users-repo.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid token of a current account, else 401. Sets request.currentUser. */
    authenticate(request: FastifyRequest): Promise<void>
    /** preHandler: authenticate, then 403 unless the account is an ADMIN. */
    requireAdmin(request: FastifyRequest): Promise<void>
    issueToken(user: UserRow): string
    /** Resolves a bearer token to its account, or null: for the live channel's CONNECT. */
    userFromToken(token: string): Promise<UserRow | null>
  }
  interface FastifyRequest {
    currentUser: UserRow
  }
}

interface TokenClaims {
  sub: string
  /** The account's token version when issued: a password or role change bumps it and cuts this token. */
  tv: number
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

export async function registerAuth(app: FastifyInstance, options: { db: Db; secret: string; expirationHours: number }) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: Math.round(options.expirationHours * 3600) },
    verify: { algorithms: ['HS256'] },
  })
  app.decorateRequest('currentUser', null as unknown as UserRow)

  const userFromToken = async (token: string): Promise<UserRow | null> => {
    let claims: TokenClaims
    try {
      claims = app.jwt.verify<TokenClaims>(token)
    } catch {
      return null
    }
    const id = Number(claims.sub)
    if (!Number.isSafeInteger(id)) return null
    const user = await findUserById(options.db, id)
    return user && user.token_version === claims.tv ? user : null
  }

  app.decorate('userFromToken', userFromToken)
  app.decorate('issueToken', (user: UserRow) => app.jwt.sign({ sub: String(user.id), tv: user.token_version }))
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!token || token === 'null') throw unauthorized('Please sign in to continue.')
    const user = await userFromToken(token)
    if (!user) throw unauthorized(SESSION_EXPIRED)
    request.currentUser = user
  })
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request)
    if (request.currentUser.role !== 'ADMIN') throw forbidden('Administrator access is required')
  })
}
