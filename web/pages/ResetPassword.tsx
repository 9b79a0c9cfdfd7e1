import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { ResetPasswordForm } from '../../schemas/auth.ts'
import { resetPassword } from '../api/auth.ts'
import { errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FormLinks, FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { TextField } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'

/** SPEC section 9: after a successful reset, the sign-in page follows in 3 s. */
export const REDIRECT_AFTER_RESET_MS = 3000

const CONFIRM: [string, string] = ['newPassword', 'confirmPassword']

export default function ResetPassword() {
  usePageTitle('Choose a new password')
  const [params] = useSearchParams()
  const token = params.get('token')
  const form = useForm(ResetPasswordForm, { newPassword: '', confirmPassword: '' }, { confirm: CONFIRM })
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => navigate('/login', { replace: true, state: { message: done } }), REDIRECT_AFTER_RESET_MS)
    return () => clearTimeout(timer)
  }, [done])

  if (!token) {
    return (
      <FormPage title="Reset your password">
        <Alert tone="error">Invalid or missing reset token. Please request a new password reset.</Alert>
        <FormLinks>
          <Link href="/forgot-password">Request a new reset link</Link>
        </FormLinks>
      </FormPage>
    )
  }

  if (done) {
    return (
      <FormPage title="Password changed">
        <Alert tone="success">{done}</Alert>
        <p>Taking you to the sign-in page...</p>
        <FormLinks>
          <Link href="/login">Sign in now</Link>
        </FormLinks>
      </FormPage>
    )
  }

  const onSubmit = form.handleSubmit(async (value) => {
    setError(null)
    try {
      // withConfirmation's output type loses its keys; the schema has just checked this one.
      setDone((await resetPassword(token, value.newPassword as string)).message)
    } catch (failure) {
      // The server says whether the link is invalid or expired (SPEC section 8).
      setError(errorMessage(failure, 'Failed to reset password'))
    }
  })

  return (
    <FormPage title="Choose a new password">
      {error && (
        <Alert tone="error">
          {error} <Link href="/forgot-password">Request a new link</Link>
        </Alert>
      )}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <TextField form={form} name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <TextField form={form} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
        <Button type="submit" $block disabled={form.pending}>
          {form.pending ? 'Resetting password...' : 'Reset Password'}
        </Button>
      </form>
    </FormPage>
  )
}
