import { useParams } from 'wouter'
import { ComingSoon } from '../components/ComingSoon.tsx'

/** A stand-in until the sessions issue builds this screen; its route and guard already work. */
export default function SessionRoom() {
  const { code } = useParams<{ code: string }>()
  return (
    <ComingSoon title="Session room" back={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      The live room for session {code} is coming soon.
    </ComingSoon>
  )
}
