import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { DatabaseHandle } from '../db/connect.ts'
import type { PgListener } from '../db/pg-listener.ts'
import type { UserRow } from '../db/schema.ts'
import { forbidden, HttpError, unauthorized } from '../errors.ts'
import { mayReview, REVIEWER_REQUIRED } from '../../schemas/auth.ts'
import { isSuspendedAt, suspendedMessage } from '../../schemas/partners/suspension.ts'
import { startAccountCache } from './account-cache.ts'
import { findUserById } from './users-repo.ts'
import { VerifiedTokens } from './verified-tokens.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: a valid token of a current account, else 401; 403 with the suspension's words while the account
     * is suspended (any token it was given: the suspension cut them all, and its owner is told why). Sets
     * request.currentUser.
     */
    authenticate(request: FastifyRequest): Promise<void>
    /** preHandler: authenticate, then 403 unless the account is an ADMIN. */
    requireAdmin(request: FastifyRequest): Promise<void>
    /** preHandler: authenticate, then 403 unless the account may review the bank (ADMIN or REVIEWER). */
    requireReviewer(request: FastifyRequest): Promise<void>
    issueToken(user: UserRow): string
    /** Sign-in (password or Google) of a suspended account: 403 with the suspension's words (issue 36). */
    refuseSuspended(user: UserRow): void
    /** Resolves a bearer token to its account, or null (also while it is suspended): for the live channel. */
    userFromToken(token: string): Promise<UserRow | null>
    /**
     * Call once a change to an account has committed here: this instance's next request reads it again. The
     * database announces every change to every instance (account-cache.ts), but later than this instance may
     * answer the request that made it and be asked again.
     */
    forgetAccount(userId: number): void
  }
  interface FastifyRequest {
    currentUser: UserRow
  }
}

interface TokenClaims {
  sub: string
  /** The account's token version when issued: a password or role change bumps it and cuts this token. */
  tv: number
  exp?: number
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

/** A suspended account's refusal: its words, and a mark the web client reads to sign out to the login page. */
const suspendedError = (user: UserRow) => new HttpError(403, suspendedMessage(user), { accountSuspended: true })

export interface AuthOptions {
  database: DatabaseHandle
  /** The instance's LISTEN connection on PostgreSQL, not started yet: account changes are heard on it. */
  listener: PgListener | null
  secret: string
  expirationHours: number
  /** The app's clock (deps.clock): a suspension holds until this clock passes its end. */
  now: () => number
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions) {
  const { db } = options.database
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: Math.round(options.expirationHours * 3600) },
    verify: { algorithms: ['HS256'] },
  })
  app.decorateRequest('currentUser', null as unknown as UserRow)
  // The account of every signed-in request and live CONNECT, from memory once read (issue 15).
  const accounts = await startAccountCache(options.database, options.listener)
  app.addHook('onClose', () => accounts.close())

  const verified = new VerifiedTokens<TokenClaims>()
  /** The account a well-signed token names, and whether the token is of its current version. */
  const accountOf = async (token: string): Promise<{ user: UserRow; current: boolean } | null> => {
    let claims: TokenClaims
    try {
      claims = verified.claimsOf(token, (checked) => app.jwt.verify<TokenClaims>(checked))
    } catch {
      return null
    }
    const id = Number(claims.sub)
    if (!Number.isSafeInteger(id)) return null
    const read = () => findUserById(db, id)
    let user = await accounts.cache.read(id, read)
    // The version only grows: a newer token was issued after a change whose notice has not arrived yet (on
    // another instance), so the row is read again. An older one is simply refused, at no cost.
    if (user && user.token_version < claims.tv) {
      accounts.cache.forget(id)
      user = await accounts.cache.read(id, read)
    }
    return user ? { user, current: user.token_version === claims.tv } : null
  }
  const suspended = (user: UserRow) => isSuspendedAt(user, options.now())
  const userFromToken = async (token: string): Promise<UserRow | null> => {
    const found = await accountOf(token)
    return found && found.current && !suspended(found.user) ? found.user : null
  }

  app.decorate('userFromToken', userFromToken)
  app.decorate('forgetAccount', (userId: number) => accounts.cache.forget(userId))
  app.decorate('issueToken', (user: UserRow) => app.jwt.sign({ sub: String(user.id), tv: user.token_version }))
  app.decorate('refuseSuspended', (user: UserRow) => {
    if (suspended(user)) throw suspendedError(user)
  })
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!token || token === 'null') throw unauthorized('Please sign in to continue.')
    const found = await accountOf(token)
    if (found && suspended(found.user)) throw suspendedError(found.user)
    if (!found?.current) throw unauthorized(SESSION_EXPIRED)
    request.currentUser = found.user
  })
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request)
    if (request.currentUser.role !== 'ADMIN') throw forbidden('Administrator access is required')
  })
  app.decorate('requireReviewer', async (request: FastifyRequest) => {
    await app.authenticate(request)
    if (!mayReview(request.currentUser.role)) throw forbidden(REVIEWER_REQUIRED)
  })
}
