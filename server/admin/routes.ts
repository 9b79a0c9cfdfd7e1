import type { FastifyInstance } from 'fastify'
import { adminContracts } from '../../schemas/api/admin.ts'
import { mayDeleteFromUserList, OWN_ACCOUNT_NOT_HERE } from '../../schemas/content.ts'
import { deleteAccount, type AccountDeletionDeps } from '../accounts/account-deletion.ts'
import { findUserById } from '../accounts/users-repo.ts'
import { userView } from '../accounts/user-view.ts'
import { badRequest, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { changeUserRole, pageOfUsers, userStats } from './users-admin-repo.ts'

const USER_NOT_FOUND = 'User not found'

/** /api/admin/**: user management (SPEC.md sections 2 and 7). Every route here is for admins only. */
export async function adminRoutes(app: FastifyInstance, options: Omit<AccountDeletionDeps, 'log' | 'forgetAccount'>) {
  const { db } = options
  app.addHook('preHandler', app.requireAdmin)

  serve(app, adminContracts.users, {}, async (_request, { query }) => {
    const { rows, total } = await pageOfUsers(db, query)
    return {
      users: rows.map(userView),
      currentPage: query.page,
      totalItems: total,
      totalPages: Math.ceil(total / query.size),
      pageSize: query.size,
    }
  })

  serve(app, adminContracts.userStats, {}, async () => userStats(db))

  serve(app, adminContracts.changeRole, {}, async (_request, { params: { id }, body: { role } }) => {
    const result = await changeUserRole(db, id, role)
    app.forgetAccount(id)
    if (result.ok) return { user: userView(result.value), message: `User role updated to ${role}` }
    throw result.reason === 'not-found' ? notFound(USER_NOT_FOUND) : badRequest('Cannot remove the last admin user')
  })

  serve(app, adminContracts.deleteUser, {}, async (request, { params: { id } }) => {
    if (!mayDeleteFromUserList(request.currentUser.id, id)) throw badRequest(OWN_ACCOUNT_NOT_HERE)
    const user = await findUserById(db, id)
    if (!user) throw notFound(USER_NOT_FOUND)
    // The same deletion as the user's own: their name leaves the log, their sessions hear them leave. The last
    // admin cannot be reached here (nobody deletes themself), and the deletion refuses it under a lock anyway.
    await deleteAccount({ ...options, log: request.log, forgetAccount: app.forgetAccount }, user)
    return { message: 'User deleted successfully' }
  })
}
