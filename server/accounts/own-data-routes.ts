import type { FastifyInstance } from 'fastify'
import { accountsContracts } from '../../schemas/api/accounts.ts'
import { MY_DATA_FILE } from '../../schemas/auth.ts'
import { serve } from '../route-contract.ts'
import { ACCOUNT_DELETED, confirmDeletion, deleteAccount, type AccountDeletionDeps } from './account-deletion.ts'
import { collectPersonalData } from './personal-data.ts'

export interface OwnDataOptions extends Omit<AccountDeletionDeps, 'log' | 'forgetAccount'> {
  rateLimits: boolean
}

/** "Download all my data" and "Delete my account" (issue 16): for the signed-in user, about themself only. */
export async function ownDataRoutes(app: FastifyInstance, options: OwnDataOptions) {
  const { db } = options
  // Limited like a password change: a stolen token must not become a way to guess the password at full speed.
  const limited = options.rateLimits ? { max: 5, timeWindow: '1 minute' } : (false as const)

  serve(app, accountsContracts.myData, { preHandler: app.authenticate }, async (request, _checked, reply) => {
    const data = await collectPersonalData(db, request.currentUser.id, new Date())
    reply.header('cache-control', 'no-store')
    reply.header('content-disposition', `attachment; filename="${MY_DATA_FILE}"`)
    return data
  })

  serve(app, accountsContracts.deleteAccount, { preHandler: app.authenticate, config: { rateLimit: limited } }, async (request, { body }) => {
    await confirmDeletion(request.currentUser, body)
    await deleteAccount({ ...options, log: request.log, forgetAccount: app.forgetAccount }, request.currentUser)
    return { message: ACCOUNT_DELETED }
  })
}
