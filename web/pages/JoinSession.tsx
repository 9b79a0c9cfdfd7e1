import { useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { JoinSessionBody } from '../../schemas/session-api.ts'
import { errorMessage } from '../api/client.ts'
import { sessionsApi } from '../api/sessions.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { TextField } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'
import { LeavingWarning } from '../session/LeavingWarning.tsx'

export const JOIN_FAILED = 'Invalid session code or session is full'

export default function JoinSession() {
  usePageTitle('Join a session')
  const form = useForm(JoinSessionBody, { code: '' })
  const [error, setError] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null)
    try {
      // The server answers with the code as it stores it, whatever case or spacing was typed.
      const { sessionCode } = await sessionsApi.join(code)
      navigate(`/session/${encodeURIComponent(sessionCode)}/role`)
    } catch (failure) {
      setError(errorMessage(failure, JOIN_FAILED))
    }
  })

  return (
    <FormPage title="Join a session" intro="Enter the code the host shared with you, then choose your role.">
      <LeavingWarning action="join" />
      {error && <Alert tone="error">{error}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Join a session">
        <TextField
          form={form}
          name="code"
          label="Session Code"
          placeholder="e.g. K7MQ-2XD9"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
        />
        <Button type="submit" $block disabled={form.pending || form.values.code.trim() === ''}>
          {form.pending ? 'Joining…' : 'Join Session'}
        </Button>
      </form>
    </FormPage>
  )
}
