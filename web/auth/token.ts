import type { UserView } from '../../schemas/auth.ts'

/** localStorage keys of WIRE.md section 2: a client written for the spec reads the same ones. */
export const TOKEN_KEY = 'token'
export const USER_KEY = 'user'

/**
 * The client only reads `exp` and never verifies the signature (the server does on every call):
 * this check just avoids starting signed in with a token that cannot work.
 */
export function isTokenUsable(token: string, nowMs = Date.now()): boolean {
  const parts = token.split('.')
  if (parts.length !== 3) return false
  const payload = decodeBase64Url(parts[1])
  if (payload === null) return false
  try {
    const claims: unknown = JSON.parse(payload)
    const exp = (claims as { exp?: unknown } | null)?.exp
    return typeof exp === 'number' && Number.isFinite(exp) && exp * 1000 > nowMs
  } catch {
    return false
  }
}

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(segment)) return null
  try {
    const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

function readUser(raw: string | null): UserView | null {
  if (!raw) return null
  try {
    const user = JSON.parse(raw) as UserView | null
    return user && typeof user === 'object' && typeof user.name === 'string' ? user : null
  } catch {
    return null
  }
}

export interface StoredAuth {
  token: string
  user: UserView
}

/** What start-up finds in localStorage; anything unusable is removed so no half-signed-in state survives. */
export function loadStoredAuth(storage: Storage = localStorage): StoredAuth | null {
  const token = storage.getItem(TOKEN_KEY)
  const user = readUser(storage.getItem(USER_KEY))
  if (token && user && isTokenUsable(token)) return { token, user }
  if (token !== null || storage.getItem(USER_KEY) !== null) clearStoredAuth(storage)
  return null
}

export function saveStoredAuth(auth: StoredAuth, storage: Storage = localStorage) {
  storage.setItem(TOKEN_KEY, auth.token)
  storage.setItem(USER_KEY, JSON.stringify(auth.user))
}

export function clearStoredAuth(storage: Storage = localStorage) {
  storage.removeItem(TOKEN_KEY)
  storage.removeItem(USER_KEY)
}
