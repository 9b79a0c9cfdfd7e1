import * as v from 'valibot'
import { UserViewSchema } from '../auth.ts'
import { AdminUsersQuery, RoleBody, IdParams } from '../content.ts'
import { MessageAnswer, route } from './contract.ts'

/** User management (WIRE.md section 5): every route is for admins only. */

/**
 * A user as the admins' list shows it: the user of WIRE.md and, added for issue 36 (admins only), whether the
 * account is suspended now, until when (ISO; null for good or when not suspended) and why.
 */
export const AdminUserViewSchema = v.object({
  ...UserViewSchema.entries,
  suspended: v.boolean(),
  suspendedUntil: v.nullable(v.string()),
  suspensionReason: v.nullable(v.string()),
})
export type AdminUserView = v.InferOutput<typeof AdminUserViewSchema>

/** One page of GET /admin/users; the spec's client reads `users` and `totalItems`. */
export const UsersPageSchema = v.object({
  users: v.array(AdminUserViewSchema),
  /** Zero-based, as asked. */
  currentPage: v.number(),
  /** Accounts matching the search and role, over all pages. */
  totalItems: v.number(),
  totalPages: v.number(),
  pageSize: v.number(),
})
export type UsersPage = v.InferOutput<typeof UsersPageSchema>

/**
 * reviewerCount: an addition (issue 35), so the three counts add up to the total. suspendedCount (issue 36): the
 * accounts suspended now, of any role.
 */
export const UserStatsSchema = v.object({ totalUsers: v.number(), adminCount: v.number(), userCount: v.number(), reviewerCount: v.number(), suspendedCount: v.number() })
export type UserStats = v.InferOutput<typeof UserStatsSchema>

export const SUSPENSION_REASON_MAX = 500

/** POST /admin/users/:id/suspension (issue 36). The reason is shown to the account's owner when they sign in. */
export const SuspensionBody = v.object({
  /** ISO 8601 with an offset; null suspends for good. Must be to come (checked against the server's clock). */
  until: v.nullable(v.pipe(v.string('until must be a date and time, or null for good'), v.isoTimestamp('until must be a date and time with a time zone'))),
  reason: v.pipe(
    v.string('Reason is required'),
    v.trim(),
    v.nonEmpty('Reason is required'),
    v.maxLength(SUSPENSION_REASON_MAX, `Reason must be at most ${SUSPENSION_REASON_MAX} characters`),
  ),
})
export type SuspensionRequest = v.InferOutput<typeof SuspensionBody>

const SuspensionAnswer = v.object({ user: AdminUserViewSchema, message: v.string() })

export const adminContracts = {
  users: route('GET', '/admin/users', { query: AdminUsersQuery, answer: UsersPageSchema }),
  userStats: route('GET', '/admin/users/stats', { answer: UserStatsSchema }),
  changeRole: route('PUT', '/admin/users/:id/role', { params: IdParams, body: RoleBody, answer: v.object({ user: UserViewSchema, message: v.string() }) }),
  deleteUser: route('DELETE', '/admin/users/:id', { params: IdParams, answer: MessageAnswer }),
  suspend: route('POST', '/admin/users/:id/suspension', { params: IdParams, body: SuspensionBody, answer: SuspensionAnswer }),
  liftSuspension: route('DELETE', '/admin/users/:id/suspension', { params: IdParams, answer: SuspensionAnswer }),
}
