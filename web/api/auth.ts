import { accountsContracts } from '../../schemas/api/accounts.ts'
import { siteContracts } from '../../schemas/api/site.ts'
import type { UserView } from '../../schemas/auth.ts'
import { call } from './client.ts'

/** The accounts calls of WIRE.md section 5. Bodies are the shared schemas' outputs, so they are already valid. */

export const login = (body: { email: string; password: string }) => call(accountsContracts.login, { body })

export const loginWithGoogle = (idToken: string) => call(accountsContracts.google, { body: { idToken } })

export const register = (body: { name: string; email: string; password: string }) => call(accountsContracts.register, { body })

export const requestPasswordReset = (email: string) => call(accountsContracts.forgotPassword, { body: { email } })

export const resetPassword = (token: string, newPassword: string) => call(accountsContracts.resetPassword, { body: { token, newPassword } })

export const updateProfile = (name: string) => call(accountsContracts.profile, { body: { name } })

/** The answer carries a fresh token: the change voids every older one, including the one we hold. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  call(accountsContracts.changePassword, { body: { currentPassword, newPassword } })

export const fetchCurrentUser = async (): Promise<UserView> => (await call(accountsContracts.me, { quietUnauthorized: true })).user

export const fetchPublicConfig = () => call(siteContracts.config)

/** Everything the server holds about the signed-in user (personal-data.ts), as one JSON document. */
export const fetchMyData = () => call(accountsContracts.myData)

/** Deletes the signed-in account; the token in hand stops working. */
export const deleteMyAccount = (confirmation: { currentPassword: string } | { email: string }) => call(accountsContracts.deleteAccount, { body: confirmation })
