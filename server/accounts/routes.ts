import type { FastifyInstance } from 'fastify'
import { accountsContracts } from '../../schemas/api/accounts.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../errors.ts'
import { serve } from '../route-contract.ts'
import type { GoogleVerifier } from './google.ts'
import { resetPasswordMail, type Mailer } from './mailer.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { consumeResetToken, issueResetToken, revokeResetTokens } from './reset-tokens.ts'
import { userView } from './user-view.ts'
import * as users from './users-repo.ts'
import { signInWithGoogle } from './google-sign-in.ts'

export interface AccountsOptions {
  db: Db
  mailer: Mailer
  google: GoogleVerifier | null
  publicUrl: string
  rateLimits: boolean
}

const perMinute = (max: number) => ({ max, timeWindow: '1 minute' })

/** POST /api/auth/* and PUT /api/auth/profile (SPEC.md section 7, WIRE.md section 5). */
export async function accountsRoutes(app: FastifyInstance, options: AccountsOptions) {
  const { db, mailer, google } = options
  const limit = (rateLimit: { max: number; timeWindow: string }) => ({ rateLimit: options.rateLimits ? rateLimit : (false as const) })

  serve(app, accountsContracts.register, { config: limit(perMinute(3)) }, async (_request, { body }, reply) => {
    const created = await users.insertUser(db, {
      name: body.name,
      email: body.email,
      password_hash: await hashPassword(body.password),
      role: 'USER',
      provider: 'LOCAL',
    })
    if (!created) throw badRequest('Email is already taken')
    reply.code(201)
    return { message: 'User registered successfully' }
  })

  serve(app, accountsContracts.login, { config: limit(perMinute(5)) }, async (_request, { body }) => {
    const user = await users.findUserByEmail(db, body.email)
    // The same answer, after the same work, whether the email is unknown or the password wrong.
    if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || !user) {
      throw badRequest('Invalid email or password')
    }
    // Only once the password is right: the refusal must not tell a stranger that this email is suspended.
    app.refuseSuspended(user)
    return { token: app.issueToken(user), user: userView(user) }
  })

  serve(app, accountsContracts.google, { config: limit(perMinute(5)) }, async (_request, { body }) => {
    // 500 with this text is what the spec's client turns into its "not configured" message (WIRE.md section 5).
    if (!google) throw new HttpError(500, 'Google OAuth configuration error')
    const identity = await google.verify(body.idToken)
    if (!identity) throw unauthorized('Invalid or expired Google ID token')
    const user = await signInWithGoogle(db, identity)
    app.forgetAccount(user.id) // it may have been linked to Google just now
    app.refuseSuspended(user)
    return { token: app.issueToken(user), user: userView(user) }
  })

  serve(app, accountsContracts.forgotPassword, { config: limit({ max: 3, timeWindow: '1 hour' }) }, async (request, { body }) => {
    const user = await users.findUserByEmail(db, body.email)
    if (user) {
      const token = await issueResetToken(db, user.id)
      const link = `${options.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      // Not awaited: a slow mail server must not reveal, by timing, that this email has an account.
      mailer.send(resetPasswordMail(user.email, user.name, link)).catch((error) => request.log.error({ err: error }, 'reset mail failed'))
    }
    return { message: 'If an account exists for that email, a password reset link has been sent.' }
  })

  serve(app, accountsContracts.resetPassword, {}, async (_request, { body }) => {
    const result = await db.transaction().execute(async (trx) => {
      const check = await consumeResetToken(trx, body.token)
      if (!check.ok) return check
      await users.updateUserPassword(trx, check.userId, await hashPassword(body.newPassword))
      await revokeResetTokens(trx, check.userId)
      return check
    })
    if (!result.ok) {
      throw badRequest(result.reason === 'expired' ? 'Reset token has expired. Please request a new one.' : 'Invalid reset token')
    }
    app.forgetAccount(result.userId)
    return { message: 'Your password has been reset. You can now sign in.' }
  })

  serve(app, accountsContracts.me, { preHandler: app.authenticate }, async (request) => ({ user: userView(request.currentUser) }))

  serve(app, accountsContracts.profile, { preHandler: app.authenticate }, async (request, { body }) => {
    const user = await users.updateUserName(db, request.currentUser.id, body.name)
    app.forgetAccount(user.id)
    return { user: userView(user), message: 'Profile updated successfully' }
  })

  // Limited like sign-in: a stolen token must not become a way to guess the current password at full speed.
  serve(app, accountsContracts.changePassword, { preHandler: app.authenticate, config: limit(perMinute(5)) }, async (request, { body }) => {
    const me = request.currentUser
    if (me.provider !== 'LOCAL') throw forbidden('Password change is only available for email accounts')
    if (!(await verifyPassword(me.password_hash, body.currentPassword))) throw badRequest('Current password is incorrect')
    if (body.currentPassword === body.newPassword) throw conflict('The new password must differ from the current one')
    const user = await users.updateUserPassword(db, me.id, await hashPassword(body.newPassword))
    app.forgetAccount(user.id)
    // Every older token is now void (token version); this one keeps the caller signed in.
    return { message: 'Password changed successfully', token: app.issueToken(user) }
  })
}
