import { useEffect, type ReactNode } from 'react'
import { Redirect } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { mayReview } from '../../schemas/auth.ts'
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

/** /review: admins and reviewers (issue 35); anyone else signed in -> /dashboard. */
export function RequireReviewer({ children }: { children: ReactNode }) {
  const { user } = useAuth()
  if (!user) return <ToLogin />
  if (!mayReview(user.role)) return <Redirect to="/dashboard" replace />
  return <>{children}</>
}
