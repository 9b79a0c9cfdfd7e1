import { useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { CreateSessionBody } from '../../schemas/session-api.ts'
import { errorMessage } from '../api/client.ts'
import { sessionsApi } from '../api/sessions.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { CheckRow } from '../forms/StackedField.ts'
import { TextField } from '../forms/TextField.tsx'
import { useForm } from '../forms/useForm.ts'
import { LeavingWarning } from '../session/LeavingWarning.tsx'

/** What the configure page is handed (SPEC section 2): the creator is the host and plays the doctor. */
export interface ConfigurePageState {
  title: string
  role: 'doctor'
  isHost: true
  /** Made to be planned for later: the user's other session was kept open (issue 30). */
  keptOtherSessions?: boolean
}

export default function CreateSession() {
  usePageTitle('Create a session')
  const form = useForm(CreateSessionBody, { title: '' })
  const [error, setError] = useState<string | null>(null)
  const [forLater, setForLater] = useState(false)

  const onSubmit = form.handleSubmit(async ({ title }) => {
    setError(null)
    try {
      const { sessionCode } = await sessionsApi.create(title, forLater)
      const state: ConfigurePageState = { title, role: 'doctor', isHost: true, keptOtherSessions: forLater }
      navigate(`/session/${encodeURIComponent(sessionCode)}/configure`, { state })
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create session'))
    }
  })

  return (
    <FormPage title="Create a session" intro="You host the session and play the doctor. Next you choose the topics and timings.">
      <LeavingWarning action="create">
        <CheckRow>
          <input type="checkbox" checked={forLater} onChange={(event) => setForLater(event.target.checked)} />
          I am planning this session for later: keep the one I am in
        </CheckRow>
      </LeavingWarning>
      {error && <Alert tone="error">{error}</Alert>}
      <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Create a session">
        <TextField form={form} name="title" label="Session Title" maxLength={200} placeholder="e.g. Evening cardiology practice" />
        <Button type="submit" $block disabled={form.pending || form.values.title.trim() === ''}>
          {form.pending ? 'Creating…' : 'Create Session'}
        </Button>
      </form>
    </FormPage>
  )
}
