import { useCallback, useEffect, useState } from 'react'
import styled from 'styled-components'
import type { BoardListing } from '../../../schemas/board.ts'
import { boardApi } from '../../api/board.ts'
import { errorMessage } from '../../api/client.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'

/** The admin's view of Find Partners: every open listing (hidden hosts too), each removable. */
export function BoardTab() {
  const [listings, setListings] = useState<BoardListing[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState<BoardListing | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      setListings(await boardApi.adminListings())
      setError(null)
    } catch (failure) {
      setError(errorMessage(failure, 'Could not load the listings'))
    }
  }, [])
  useEffect(() => void load(), [load])

  const confirmRemove = async () => {
    if (!removing) return
    const answer = await boardApi.adminRemove(removing.id)
    setRemoving(null)
    setDone(answer.message)
    await load()
  }

  return (
    <section aria-label="Find Partners listings">
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      {listings === null ? (
        <p role="status">Loading the listings...</p>
      ) : listings.length === 0 ? (
        <p>No open listings.</p>
      ) : (
        <Rows>
          {listings.map((listing) => (
            <li key={listing.id}>
              <span>
                <strong>{listing.title}</strong> by {listing.hostName}
                {listing.note && <Note> “{listing.note}”</Note>}
              </span>
              <Button type="button" $variant="secondary" onClick={() => setRemoving(listing)} aria-label={`Remove listing ${listing.title} by ${listing.hostName}`}>
                Remove
              </Button>
            </li>
          ))}
        </Rows>
      )}
      {removing && (
        <ConfirmDialog title="Remove listing?" confirmLabel="Remove Listing" danger failureMessage="Failed to remove the listing" onConfirm={confirmRemove} onCancel={() => setRemoving(null)}>
          <p>
            “{removing.title}” by {removing.hostName} leaves the board. The session itself stays as it is.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  li {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
    padding: 12px 0;
    border-bottom: 1px solid ${theme.color.border};
    overflow-wrap: anywhere;
  }
`

const Note = styled.span`
  color: ${theme.color.muted};
`
