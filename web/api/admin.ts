import { adminContracts } from '../../schemas/api/admin.ts'
import type { UserRole } from '../../schemas/auth.ts'
import { call } from './client.ts'

/** The user-management calls of WIRE.md section 5 (all ADMIN only). */

export interface UsersQuery {
  page: number
  size: number
  search: string
  role: '' | UserRole
}

export function fetchUsers(query: UsersQuery, signal?: AbortSignal) {
  const search = query.search.trim()
  return call(adminContracts.users, {
    query: { page: String(query.page), size: String(query.size), ...(search && { search }), ...(query.role && { role: query.role }) },
    signal,
  })
}

export const fetchUserStats = () => call(adminContracts.userStats)

export const changeUserRole = (id: number, role: UserRole) => call(adminContracts.changeRole, { params: { id }, body: { role } })

export const deleteUser = (id: number) => call(adminContracts.deleteUser, { params: { id } })

/** Suspends an account for a time (until: ISO with an offset) or for good (null); the reason is shown to its owner. */
export const suspendUser = (id: number, body: { until: string | null; reason: string }) => call(adminContracts.suspend, { params: { id }, body })

export const liftSuspension = (id: number) => call(adminContracts.liftSuspension, { params: { id } })
