import { useAuth } from '../auth/AuthContext.tsx'
import { ButtonLink } from '../components/Button.tsx'
import { FormPage } from '../components/Card.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'

/** Active sessions and received feedback arrive with the sessions work; until then, the ways forward. */
export default function Dashboard() {
  usePageTitle('Dashboard')
  const { user } = useAuth()
  return (
    <FormPage title={`Welcome, ${user?.name ?? ''}`}>
      <p>Your active sessions and the feedback you receive will appear here soon.</p>
      <p>
        <ButtonLink href="/session/create">Create Session</ButtonLink>{' '}
        <ButtonLink href="/session/join" $variant="secondary">
          Join Session
        </ButtonLink>
      </p>
    </FormPage>
  )
}
