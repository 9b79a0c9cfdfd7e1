import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { UserView } from '../../schemas/auth.ts'
import { fetchCurrentUser } from '../api/auth.ts'
import { authStore } from '../auth/auth-store.ts'

export interface Auth {
  user: UserView | null
  token: string | null
  signIn(token: string, user: UserView): void
  signOut(): void
  updateUser(user: UserView): void
  replaceToken(token: string): void
}

const AuthContext = createContext<Auth | null>(null)

export function AuthProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot)

  // The stored user may be stale (a name or role changed elsewhere) or its token revoked (password changed on
  // another device): ask the server once per start. A 401 signs out; a network failure keeps what we have.
  const startToken = useMemo(() => authStore.token(), [])
  useEffect(() => {
    if (!startToken) return
    fetchCurrentUser()
      .then((user) => {
        if (authStore.token() === startToken) authStore.updateUser(user)
      })
      .catch(() => {})
  }, [startToken])

  const value = useMemo<Auth>(
    () => ({
      user: stored?.user ?? null,
      token: stored?.token ?? null,
      signIn: authStore.signIn,
      signOut: authStore.signOut,
      updateUser: authStore.updateUser,
      replaceToken: authStore.replaceToken,
    }),
    [stored],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>')
  return auth
}
