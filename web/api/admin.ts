import type { UserRole, UserView } from '../../schemas/auth.ts'
import { api } from './client.ts'

/** The user-management calls of WIRE.md section 5 (all ADMIN only). */

export interface UsersPage {
  users: UserView[]
  currentPage: number
  totalItems: number
  totalPages: number
  pageSize: number
}

export interface UserStats {
  totalUsers: number
  adminCount: number
  userCount: number
}

export interface UsersQuery {
  page: number
  size: number
  search: string
  role: '' | UserRole
}

export function fetchUsers(query: UsersQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) })
  if (query.search.trim()) params.set('search', query.search.trim())
  if (query.role) params.set('role', query.role)
  return api.get<UsersPage>(`/admin/users?${params}`, { signal })
}

export const fetchUserStats = () => api.get<UserStats>('/admin/users/stats')

export const changeUserRole = (id: number, role: UserRole) =>
  api.put<{ user: UserView; message: string }>(`/admin/users/${id}/role`, { role })

export const deleteUser = (id: number) => api.delete<{ message: string }>(`/admin/users/${id}`)
