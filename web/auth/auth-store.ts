import type { UserView } from '../../schemas/auth.ts'
import { clearStoredAuth, loadStoredAuth, saveStoredAuth, TOKEN_KEY, USER_KEY, type StoredAuth } from './token.ts'

/**
 * The signed-in state lives outside React so the API client can sign out on a 401 without a component in
 * between; React reads it through useSyncExternalStore (AuthProvider).
 */
let current: StoredAuth | null = loadStoredAuth()
const listeners = new Set<() => void>()

function publish(next: StoredAuth | null) {
  current = next
  if (next) saveStoredAuth(next)
  else clearStoredAuth()
  listeners.forEach((listener) => listener())
}

export const authStore = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  getSnapshot: (): StoredAuth | null => current,
  token: (): string | null => current?.token ?? null,
  signIn(token: string, user: UserView) {
    publish({ token, user })
  },
  signOut() {
    if (current) publish(null)
  },
  updateUser(user: UserView) {
    if (current) publish({ token: current.token, user })
  },
  /** The same user with a new token (after a password change), keeping whatever user data is newest. */
  replaceToken(token: string) {
    if (current) publish({ token, user: current.user })
  },
}

// Another tab signing in or out changes localStorage: follow it so tabs never disagree about who is signed in.
window.addEventListener('storage', (event) => {
  if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return
  current = loadStoredAuth()
  listeners.forEach((listener) => listener())
})
