import * as v from 'valibot'
import { UserViewSchema } from '../auth.ts'
import { AdminUsersQuery, RoleBody, IdParams } from '../content.ts'
import { MessageAnswer, route } from './contract.ts'

/** User management (WIRE.md section 5): every route is for admins only. */

/** One page of GET /admin/users; the spec's client reads `users` and `totalItems`. */
export const UsersPageSchema = v.object({
  users: v.array(UserViewSchema),
  /** Zero-based, as asked. */
  currentPage: v.number(),
  /** Accounts matching the search and role, over all pages. */
  totalItems: v.number(),
  totalPages: v.number(),
  pageSize: v.number(),
})
export type UsersPage = v.InferOutput<typeof UsersPageSchema>

/** reviewerCount: an addition (issue 35), so the three counts add up to the total. */
export const UserStatsSchema = v.object({ totalUsers: v.number(), adminCount: v.number(), userCount: v.number(), reviewerCount: v.number() })
export type UserStats = v.InferOutput<typeof UserStatsSchema>

export const adminContracts = {
  users: route('GET', '/admin/users', { query: AdminUsersQuery, answer: UsersPageSchema }),
  userStats: route('GET', '/admin/users/stats', { answer: UserStatsSchema }),
  changeRole: route('PUT', '/admin/users/:id/role', { params: IdParams, body: RoleBody, answer: v.object({ user: UserViewSchema, message: v.string() }) }),
  deleteUser: route('DELETE', '/admin/users/:id', { params: IdParams, answer: MessageAnswer }),
}
