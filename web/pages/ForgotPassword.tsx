import { useState } from 'react'
import { Link } from 'wouter'
import { ForgotPasswordBody } from '../../schemas/auth.ts'
import { requestPasswordReset } from '../api/auth.ts'
import { errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FormLinks, FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { TextField } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'

export default function ForgotPassword() {
  usePageTitle('Forgot password')
  const form = useForm(ForgotPasswordBody, { email: '' })
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null)
    try {
      await requestPasswordReset(email)
      setSent(true)
    } catch (failure) {
      // The server's own words matter here: a 429 says how long to wait.
      setError(errorMessage(failure, 'Failed to process password reset request'))
    }
  })

  if (sent) {
    return (
      <FormPage title="Check your email">
        <Alert tone="success">Check your email for the password reset link.</Alert>
        <p>The link works for 15 minutes and only once. If nothing arrives, check your spam folder or send another.</p>
        <Button type="button" $variant="secondary" $block onClick={() => setSent(false)}>
          Send Another Email
        </Button>
        <FormLinks>
          <Link href="/login">Back to sign in</Link>
        </FormLinks>
      </FormPage>
    )
  }

  return (
    <FormPage title="Forgot your password?" intro="Enter the email of your account and we will send you a link to choose a new password.">
      {error && <Alert tone="error">{error}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Request a password reset">
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <Button type="submit" $block disabled={form.pending}>
          {form.pending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <FormLinks>
        Remembered it? <Link href="/login">Sign in</Link>
      </FormLinks>
    </FormPage>
  )
}
