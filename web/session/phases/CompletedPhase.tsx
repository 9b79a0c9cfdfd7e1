import { ButtonLink } from '../../components/Button.tsx'

export function CompletedPhase() {
  return (
    <section aria-labelledby="completed-heading">
      <h2 id="completed-heading">Session Complete - Thank you for participating</h2>
      <p>Your feedback is on the dashboard.</p>
      <ButtonLink href="/dashboard">Return to Dashboard</ButtonLink>
    </section>
  )
}
