import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { navigate } from 'wouter/use-browser-location'
import type { BoardListing } from '../../schemas/board.ts'
import { boardApi, type BoardFilters } from '../api/board.ts'
import { errorMessage } from '../api/client.ts'
import { fetchCategories } from '../api/content.ts'
import { BoardFilterBar } from '../board/BoardFilterBar.tsx'
import { CancelListingDialog } from '../board/CancelListingDialog.tsx'
import { ListingCard } from '../board/ListingCard.tsx'
import { useTimeZone } from '../board/times.ts'
import { useBoard } from '../board/useBoard.ts'
import { Alert } from '../components/Alert.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { PartnerAvailability } from '../partners/PartnerAvailability.tsx'
import { SafetyActions } from '../partners/SafetyActions.tsx'
import { useProposeTime } from '../partners/useProposeTime.tsx'
import { roomPath } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'

/** /partners: sessions open now and planned slots, live; one click takes a seat (issue 20). */
export default function FindPartners() {
  usePageTitle('Find Partners')
  const [filters, setFilters] = useState<BoardFilters>({})
  const board = useBoard(filters)
  const [topics, setTopics] = useState<string[]>([])
  const { zone, profile } = useTimeZone()
  const [busy, setBusy] = useState(false)
  const [cancelling, setCancelling] = useState<BoardListing | null>(null)
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  // People blocked from a match card: their card says so until the matches are read again (issue 36).
  const [blockedHere, setBlockedHere] = useState<ReadonlySet<number>>(new Set())
  // Proposing a time to a listing's host or to a match (issue 36); the answer comes by email and on My partners.
  const propose = useProposeTime(zone, (message) => setNotice({ tone: 'success', text: `${message}: the answer comes by email and on My partners` }))

  useEffect(() => {
    fetchCategories().then((categories) => setTopics(categories.map((category) => category.name)), () => setTopics([]))
  }, [])

  const act = async (work: () => Promise<void>) => {
    setBusy(true)
    setNotice(null)
    try {
      await work()
    } catch (failure) {
      setNotice({ tone: 'error', text: errorMessage(failure, 'That did not work. Please try again.') })
      await board.refresh()
    } finally {
      setBusy(false)
    }
  }

  const take = (listing: BoardListing, role: 'PATIENT' | 'OBSERVER') =>
    act(async () => {
      const answer = await boardApi.takeSeat(listing.id, role)
      if (answer.startsAt === null) return navigate(roomPath(answer.sessionCode))
      setNotice({ tone: 'success', text: answer.message })
      await board.refresh()
    })

  // Asked in the dialog, whose own error line shows a refusal; the page's notice says it was done.
  const cancel = async (listing: BoardListing) => {
    const answer = await boardApi.cancel(listing.id)
    setCancelling(null)
    setNotice({ tone: 'success', text: answer.message })
    await board.refresh()
  }

  return (
    <WidePage>
      <h1>Find Partners</h1>
      <Muted>
        Sessions looking for a patient or an observer, now or at a planned time. Times are shown in your time zone ({zone}). To list your own
        session, create it and choose "List on Find Partners".
      </Muted>
      <BoardFilterBar filters={filters} topics={topics} examMonthSet={profile?.examMonth != null} onChange={setFilters} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {board.error && <Alert tone="error">{board.error}</Alert>}
      <Muted $small role="status">{board.live === 'connected' ? 'Updates live' : board.live === 'failed' ? 'Live updates stopped: reload to see changes' : ''}</Muted>
      {board.listings === null ? (
        <p role="status">Loading the board…</p>
      ) : board.listings.length === 0 ? (
        <p>No sessions match right now. New listings appear here as they are made.</p>
      ) : (
        <List aria-label="Listed sessions">
          {board.listings.map((listing) => (
            <ListingCard key={listing.id} listing={listing} viewerZone={zone} busy={busy} onTake={(role) => void take(listing, role)} onCancel={() => setCancelling(listing)} onPropose={listing.isMine ? undefined : () => propose.toListing(listing)} />
          ))}
        </List>
      )}
      <PartnerAvailability
        zone={zone}
        profile={profile}
        renderActions={(match) => (
          <>
            {!blockedHere.has(match.userId) && propose.matchButton(match)}
            <SafetyActions
              person={match}
              zone={zone}
              describedBy={`match-${match.userId}`}
              blocked={blockedHere.has(match.userId)}
              onBlocked={(person, message) => {
                setBlockedHere((ids) => new Set(ids).add(person.userId))
                setNotice({ tone: 'success', text: message })
                void board.refresh()
              }}
            />
          </>
        )}
      />
      {propose.dialog}
      {cancelling && <CancelListingDialog listing={cancelling} zone={zone} onConfirm={() => cancel(cancelling)} onClose={() => setCancelling(null)} />}
    </WidePage>
  )
}

/** The page's introduction, and (smaller) whether the board is following live. */
const Muted = styled.p<{ $small?: boolean }>`
  color: ${theme.color.muted};
  ${({ $small }) => ($small ? 'margin: 0 0 8px; font-size: 0.9rem;' : '')}
`

const List = styled.ul`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
`
