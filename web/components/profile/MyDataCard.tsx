import { useState } from 'react'
import { fetchMyData } from '../../api/auth.ts'
import { errorMessage } from '../../api/client.ts'
import { Alert } from '../Alert.tsx'
import { Button } from '../Button.tsx'
import { Card, Intro } from '../Card.tsx'

export const MY_DATA_FILE = 'plab-practice-my-data.json'

/** Hands the browser a JSON document as a file download, without a second request. */
function saveAsFile(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The click has handed the file over; the address is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function MyDataCard() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const download = async () => {
    setPending(true)
    setError(null)
    try {
      saveAsFile(await fetchMyData(), MY_DATA_FILE)
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to download your data'))
    } finally {
      setPending(false)
    }
  }

  return (
    <Card aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">Your data</h2>
      {error && <Alert tone="error">{error}</Alert>}
      <Intro>
        One JSON file with everything we hold about you: your account (never your password), the sessions you were
        in, and the feedback you gave and received.
      </Intro>
      <Button type="button" $variant="secondary" onClick={download} disabled={pending}>
        {pending ? 'Preparing download...' : 'Download all my data'}
      </Button>
    </Card>
  )
}
