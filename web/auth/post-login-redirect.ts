/**
 * Where to go after signing in. Kept in sessionStorage so it survives the full page load that a Google
 * sign-in or a 401 can cause, but not a new visit days later.
 */
const KEY = 'postLoginRedirect'

export function rememberPostLoginRedirect(path: string) {
  // Only same-site paths: a crafted value must never send a user to another origin.
  if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(KEY, path)
}

/** Returns the remembered path once, then forgets it. */
export function takePostLoginRedirect(fallback = '/dashboard'): string {
  const path = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  return path && path.startsWith('/') && !path.startsWith('//') ? path : fallback
}

/** The current page, as the redirect target. */
export function currentPath(): string {
  return window.location.pathname + window.location.search
}
