import { ComingSoon } from '../components/ComingSoon.tsx'

/** A stand-in until the sessions issue builds this screen; its route and guard already work. */
export default function CreateSession() {
  return (
    <ComingSoon title="Start a session" back={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      Creating practice sessions is coming soon.
    </ComingSoon>
  )
}
