import { useParams } from 'wouter'
import { ComingSoon } from '../components/ComingSoon.tsx'

/** A stand-in until the sessions issue builds this screen; its route and guard already work. */
export default function RoleSelection() {
  const { code } = useParams<{ code: string }>()
  return (
    <ComingSoon title="Choose your role" back={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      Picking the patient or observer role in session {code} is coming soon.
    </ComingSoon>
  )
}
