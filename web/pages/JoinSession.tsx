import { ComingSoon } from '../components/ComingSoon.tsx'

/** A stand-in until the sessions issue builds this screen; its route and guard already work. */
export default function JoinSession() {
  return (
    <ComingSoon title="Join a session" back={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      Joining a session with its code is coming soon.
    </ComingSoon>
  )
}
