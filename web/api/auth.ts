import type { AuthResponse, PublicConfig, UserView } from '../../schemas/auth.ts'
import { api } from './client.ts'

/** The accounts calls of WIRE.md section 5. Bodies are the shared schemas' outputs, so they are already valid. */

export const login = (body: { email: string; password: string }) => api.post<AuthResponse>('/auth/login', body)

export const loginWithGoogle = (idToken: string) => api.post<AuthResponse>('/auth/google', { idToken })

export const register = (body: { name: string; email: string; password: string }) =>
  api.post<{ message: string }>('/auth/register', body)

export const requestPasswordReset = (email: string) => api.post<{ message: string }>('/auth/forgot-password', { email })

export const resetPassword = (token: string, newPassword: string) =>
  api.post<{ message: string }>('/auth/reset-password', { token, newPassword })

export const updateProfile = (name: string) => api.put<{ user: UserView; message: string }>('/auth/profile', { name })

/** The answer carries a fresh token: the change voids every older one, including the one we hold. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api.post<{ message: string; token: string }>('/auth/change-password', { currentPassword, newPassword })

export const fetchCurrentUser = async (): Promise<UserView> =>
  (await api.get<{ user: UserView }>('/auth/me', { quietUnauthorized: true })).user

export const fetchPublicConfig = () => api.get<PublicConfig>('/config')

/** Everything the server holds about the signed-in user (personal-data.ts), as one JSON document. */
export const fetchMyData = () => api.get<Record<string, unknown>>('/auth/my-data')

/** Deletes the signed-in account; the token in hand stops working. */
export const deleteMyAccount = (confirmation: { currentPassword: string } | { email: string }) =>
  api.post<{ message: string }>('/auth/delete-account', confirmation)
