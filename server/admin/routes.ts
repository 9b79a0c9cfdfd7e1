import type { FastifyInstance } from 'fastify'
import { adminContracts } from '../../schemas/api/admin.ts'
import { mayDeleteFromUserList, OWN_ACCOUNT_NOT_HERE } from '../../schemas/content.ts'
import { deleteAccount, type AccountDeletionDeps } from '../accounts/account-deletion.ts'
import { findUserById } from '../accounts/users-repo.ts'
import { userView } from '../accounts/user-view.ts'
import { badRequest, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { adminUserView } from './admin-user-view.ts'
import { liftSuspension, suspendAccount, USER_NOT_FOUND, type SuspensionDeps } from './suspension.ts'
import { changeUserRole, pageOfUsers, userStats } from './users-admin-repo.ts'

export type AdminRoutesOptions = Omit<AccountDeletionDeps, 'log' | 'forgetAccount'> & Pick<SuspensionDeps, 'board' | 'now'>

/** /api/admin/**: user management (SPEC.md sections 2 and 7). Every route here is for admins only. */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { db, now } = options
  app.addHook('preHandler', app.requireAdmin)

  serve(app, adminContracts.users, {}, async (_request, { query }) => {
    const { rows, total } = await pageOfUsers(db, query)
    const at = now()
    return {
      users: rows.map((row) => adminUserView(row, at)),
      currentPage: query.page,
      totalItems: total,
      totalPages: Math.ceil(total / query.size),
      pageSize: query.size,
    }
  })

  serve(app, adminContracts.userStats, {}, async () => userStats(db, now()))

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

  // Suspension (issue 36): the whole effect is server/admin/suspension.ts.
  serve(app, adminContracts.suspend, {}, async (request, { params: { id }, body }) => {
    const deps = { ...options, log: request.log, forgetAccount: app.forgetAccount }
    const user = await suspendAccount(deps, request.currentUser.id, id, body)
    const message = body.until === null ? `${user.name} is suspended for good` : `${user.name} is suspended`
    return { user: adminUserView(user, now()), message }
  })

  serve(app, adminContracts.liftSuspension, {}, async (_request, { params: { id } }) => {
    const user = await liftSuspension({ db, forgetAccount: app.forgetAccount }, id)
    return { user: adminUserView(user, now()), message: `${user.name} may sign in again` }
  })
}
