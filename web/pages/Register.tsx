import { useState } from 'react'
import { Link } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { RegisterForm } from '../../schemas/auth.ts'
import { register } from '../api/auth.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FormLinks, FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { TextField } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'
import type { LoginPageState } from './Login.tsx'

const CONFIRM: [string, string] = ['password', 'confirmPassword']

export default function Register() {
  usePageTitle('Create your account')
  const form = useForm(RegisterForm, { name: '', email: '', password: '', confirmPassword: '' }, { confirm: CONFIRM })
  const [error, setError] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async (value) => {
    // withConfirmation's output type loses its keys; the schema has just checked these three.
    const { name, email, password } = value as { name: string; email: string; password: string }
    setError(null)
    try {
      // confirmPassword stays in the browser (SPEC section 5).
      await register({ name, email, password })
      const state: LoginPageState = { message: 'Registration successful! Please sign in with your new account.', email }
      navigate('/login', { state })
    } catch (failure) {
      if (failure instanceof ApiError && failure.validationErrors) form.setServerErrors(failure.validationErrors)
      setError(errorMessage(failure, 'Registration failed'))
    }
  })

  return (
    <FormPage title="Create your account" intro="Free for every PLAB 2 candidate. It takes a minute.">
      {error && <Alert tone="error">{error}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Create account">
        <TextField form={form} name="name" label="Full name" autoComplete="name" />
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <TextField form={form} name="password" label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <TextField form={form} name="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
        <Button type="submit" $block disabled={form.pending}>
          {form.pending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <FormLinks>
        Already registered? <Link href="/login">Sign in</Link>
      </FormLinks>
    </FormPage>
  )
}
