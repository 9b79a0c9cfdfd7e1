import { Alert } from '../components/Alert.tsx'

export type Outcome = { tone: 'error' | 'success'; text: string } | null

/**
 * What became of a form's last attempt: a confirmation inside a status region that is always there (a region
 * added together with its text is not reliably read out), an error as an alert, read out at once.
 */
export function FormOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <div role="status">{outcome?.tone === 'success' && <Alert tone="success">{outcome.text}</Alert>}</div>
      {outcome?.tone === 'error' && <Alert tone="error">{outcome.text}</Alert>}
    </>
  )
}
