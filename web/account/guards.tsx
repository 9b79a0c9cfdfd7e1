import { useEffect, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { currentPath, rememberPostLoginRedirect } from '../auth/post-login-redirect.ts'
import { useAuth } from './AuthContext.tsx'

/** Sends a signed-out visitor to /login and brings them back here after signing in (SPEC section 2, guards). */
function ToLogin() {
  useEffect(() => {
    rememberPostLoginRedirect(currentPath())
    navigate('/login', { replace: true })
  }, [])
  return null
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth()
  return user ? <>{children}</> : <ToLogin />
}

/** /admin: signed out -> /login (origin remembered); signed in without the ADMIN role -> /dashboard. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth()
  if (!user) return <ToLogin />
  if (user.role !== 'ADMIN') return <Redirect to="/dashboard" replace />
  return <>{children}</>
}
