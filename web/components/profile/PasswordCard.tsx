import { ChangePasswordForm } from '../../../schemas/auth.ts'
import { changePassword } from '../../api/auth.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { useAuth } from '../../account/AuthContext.tsx'
import { TextField } from '../../forms/TextField.tsx'
import { useForm } from '../../forms/useForm.ts'
import { Alert } from '../Alert.tsx'
import { Button } from '../Button.tsx'
import { Card } from '../Card.tsx'
import { useTimedMessage } from '../useTimedMessage.ts'

const CONFIRM: [string, string] = ['newPassword', 'confirmPassword']
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** Only for email accounts (provider LOCAL): Google accounts have no password here. */
export function PasswordCard() {
  const { replaceToken } = useAuth()
  const form = useForm(ChangePasswordForm, EMPTY, { confirm: CONFIRM })
  const { message, show, clear } = useTimedMessage()

  const onSubmit = form.handleSubmit(async (value) => {
    // withConfirmation's output type loses its keys; the schema has just checked these two.
    const { currentPassword, newPassword } = value as { currentPassword: string; newPassword: string }
    clear()
    try {
      const answer = await changePassword(currentPassword, newPassword)
      // The change voided every older token, ours included: keep working with the one the server just issued.
      replaceToken(answer.token)
      form.reset(EMPTY)
      show('success', 'Password changed successfully!')
    } catch (failure) {
      if (failure instanceof ApiError && failure.validationErrors) form.setServerErrors(failure.validationErrors)
      show('error', errorMessage(failure, 'Failed to change password'))
    }
  })

  return (
    <Card aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">Change password</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Change password">
        <TextField form={form} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <TextField form={form} name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <TextField form={form} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Changing password...' : 'Change Password'}
        </Button>
      </form>
    </Card>
  )
}
