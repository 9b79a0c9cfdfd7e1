import { ComingSoon } from '../components/ComingSoon.tsx'

export default function Admin() {
  return (
    <ComingSoon title="Admin panel" back={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      Managing cases, categories and users is coming soon.
    </ComingSoon>
  )
}
