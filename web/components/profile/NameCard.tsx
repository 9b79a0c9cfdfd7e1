import { ProfileBody, type UserView } from '../../../schemas/auth.ts'
import { updateProfile } from '../../api/auth.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { useAuth } from '../../account/AuthContext.tsx'
import { ReadOnlyField, TextField } from '../../forms/TextField.tsx'
import { useForm } from '../../forms/useForm.ts'
import { Alert } from '../Alert.tsx'
import { Button } from '../Button.tsx'
import { Card } from '../Card.tsx'
import { useTimedMessage } from '../useTimedMessage.ts'

export function NameCard({ user }: { user: UserView }) {
  const { updateUser } = useAuth()
  const form = useForm(ProfileBody, { name: user.name })
  const { message, show, clear } = useTimedMessage()

  const onSubmit = form.handleSubmit(async ({ name }) => {
    clear()
    try {
      const answer = await updateProfile(name)
      updateUser(answer.user)
      form.reset({ name: answer.user.name })
      show('success', 'Profile updated successfully!')
    } catch (failure) {
      if (failure instanceof ApiError && failure.validationErrors) form.setServerErrors(failure.validationErrors)
      show('error', errorMessage(failure, 'Failed to update profile'))
    }
  })

  return (
    <Card aria-labelledby="profile-details-heading">
      <h2 id="profile-details-heading">Your details</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Your details">
        <TextField form={form} name="name" label="Full name" autoComplete="name" />
        <ReadOnlyField label="Email" value={user.email} hint="Email cannot be changed" />
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </Card>
  )
}
