import { useState } from 'react'
import { Link } from 'wouter'
import { navigate, useHistoryState } from 'wouter/use-browser-location'
import { LoginBody, type AuthResponse } from '../../schemas/auth.ts'
import { login } from '../api/auth.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { takePostLoginRedirect } from '../auth/post-login-redirect.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FormLinks, FormPage } from '../components/Card.tsx'
import { GoogleSignIn } from '../components/GoogleSignIn.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { TextField } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'

/** What registration (or a password reset) hands to this page through history state; `error`: why one was signed out. */
export interface LoginPageState {
  message?: string
  email?: string
  error?: string
}

export default function Login() {
  usePageTitle('Sign in')
  const { signIn } = useAuth()
  const passed = (useHistoryState<LoginPageState | null>() ?? {}) as LoginPageState
  const form = useForm(LoginBody, { email: passed.email ?? '', password: '' })
  const [error, setError] = useState<string | null>(passed.error ?? null)

  const finish = ({ token, user }: AuthResponse) => {
    signIn(token, user)
    navigate(takePostLoginRedirect(), { replace: true })
  }

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null)
    try {
      finish(await login(body))
    } catch (failure) {
      if (failure instanceof ApiError && failure.validationErrors) form.setServerErrors(failure.validationErrors)
      setError(errorMessage(failure, 'Login failed'))
    }
  })

  return (
    <FormPage title="Sign in" intro="Welcome back. Sign in to practise and read your feedback.">
      {passed.message && !error && <Alert tone="success">{passed.message}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" $block disabled={form.pending}>
          {form.pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <GoogleSignIn onSignedIn={finish} />
      <FormLinks>
        <Link href="/forgot-password">Forgot your password?</Link>
      </FormLinks>
      <FormLinks>
        New here? <Link href="/register">Create an account</Link>
      </FormLinks>
    </FormPage>
  )
}
