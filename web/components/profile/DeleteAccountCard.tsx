import { navigate } from 'wouter/use-browser-location'
import { DeleteWithEmailForm, DeleteWithPasswordForm, type UserView } from '../../../schemas/auth.ts'
import { deleteMyAccount } from '../../api/auth.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { useAuth } from '../../account/AuthContext.tsx'
import { TextField } from '../../forms/TextField.tsx'
import { useForm } from '../../forms/useForm.ts'
import { Alert } from '../Alert.tsx'
import { BusyButton } from '../Button.tsx'
import { Card, Intro } from '../Card.tsx'
import { useTimedMessage } from '../useTimedMessage.ts'

/**
 * An email account confirms with its password; a Google account has none here, so it types its email address
 * (docs/decisions/0069-account-deletion-and-export.md).
 */
export function DeleteAccountCard({ user }: { user: UserView }) {
  const { signOut } = useAuth()
  const withPassword = user.provider === 'LOCAL'
  const form = useForm(withPassword ? DeleteWithPasswordForm : DeleteWithEmailForm, withPassword ? { currentPassword: '' } : { email: '' })
  const { message, show, clear } = useTimedMessage()

  const onSubmit = form.handleSubmit(async (value) => {
    clear()
    try {
      const answer = await deleteMyAccount(withPassword ? { currentPassword: value.currentPassword! } : { email: value.email! })
      // Leave the guarded page first, so no guard remembers it as a post-login destination.
      navigate('/login', { replace: true, state: { message: answer.message } })
      signOut()
    } catch (failure) {
      if (failure instanceof ApiError && failure.validationErrors) form.setServerErrors(failure.validationErrors)
      show('error', errorMessage(failure, 'Failed to delete your account'))
    }
  })

  return (
    <Card aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete my account</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Intro>
        This cannot be undone. Your account, your name and the feedback you received are deleted, and any session
        you host ends. Feedback you gave stays with the people you gave it to, from &ldquo;Former user&rdquo;.
      </Intro>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Delete my account">
        {withPassword ? (
          <TextField form={form} name="currentPassword" label="Password to confirm deletion" type="password" autoComplete="current-password" />
        ) : (
          <TextField form={form} name="email" label="Type your email address to confirm" type="email" autoComplete="off" hint={user.email} />
        )}
        {/* Held, not disabled, while it runs: a refusal leaves focus here, beside the error just announced. */}
        <BusyButton type="submit" $variant="danger" busy={form.pending}>
          {form.pending ? 'Deleting account...' : 'Delete My Account'}
        </BusyButton>
      </form>
    </Card>
  )
}
