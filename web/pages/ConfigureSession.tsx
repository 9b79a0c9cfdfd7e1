import { useParams } from 'wouter'
import { ComingSoon } from '../components/ComingSoon.tsx'

/** A stand-in until the sessions issue builds this screen; its route and guard already work. */
export default function ConfigureSession() {
  const { code } = useParams<{ code: string }>()
  return (
    <ComingSoon title="Configure session" back={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      Choosing topics and timings for session {code} is coming soon.
    </ComingSoon>
  )
}
