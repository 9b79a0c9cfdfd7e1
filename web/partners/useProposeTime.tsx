import { useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { BoardListing } from '../../schemas/board.ts'
import type { PartnerMatch } from '../../schemas/partners/matches.ts'
import { proposalsApi } from '../api/proposals.ts'
import { Button } from '../components/Button.tsx'
import { ProposeTimeDialog } from './ProposeTimeDialog.tsx'
import type { OtherClock } from './proposal-words.ts'

interface Target {
  key: string
  title: string
  partner: OtherClock
  initialStartsAt?: string
  submit(body: { startsAt: string; note: string }): Promise<{ message: string }>
}

/** The first time both are free that is still to come: where a proposal most likely lands. */
const firstOverlapAhead = (match: PartnerMatch) => match.overlaps.find((overlap) => Date.parse(overlap.startsAt) > Date.now())?.startsAt

/**
 * Proposing a time from the Find Partners page (issue 36): "Propose another time" on a listing (to its host, about
 * it) and "Propose a time" on a candidate free when I am. Answers the openers, the match card's button (which
 * then says the time was proposed) and the dialog to render; `onProposed` gets the server's sentence.
 */
export function useProposeTime(zone: string, onProposed: (message: string) => void) {
  const [target, setTarget] = useState<Target | null>(null)
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set())

  const toListing = (listing: BoardListing) =>
    setTarget({
      key: `listing-${listing.id}`,
      title: `Propose another time to ${listing.hostName}`,
      partner: { name: listing.hostName, timeZone: listing.hostTimeZone },
      initialStartsAt: listing.startsAt ?? undefined,
      submit: (body) => proposalsApi.propose({ listingId: listing.id, ...body }),
    })

  const matchButton = (match: PartnerMatch): ReactNode => (
    <>
      <Button type="button" onClick={() => setTarget(matchTarget(match))} aria-describedby={`match-${match.userId}`}>
        Propose a time
      </Button>
      {sent.has(`match-${match.userId}`) && (
        <p role="status">
          Time proposed: {match.name} answers by email and on <Link href="/my-partners">My partners</Link>.
        </p>
      )}
    </>
  )

  const matchTarget = (match: PartnerMatch): Target => ({
    key: `match-${match.userId}`,
    title: `Propose a time to ${match.name}`,
    partner: { name: match.name, timeZone: match.timeZone },
    initialStartsAt: firstOverlapAhead(match),
    submit: (body) => proposalsApi.propose({ toUserId: match.userId, ...body }),
  })

  const dialog = target && (
    <ProposeTimeDialog
      title={target.title}
      partner={target.partner}
      zone={zone}
      initialStartsAt={target.initialStartsAt}
      submit={target.submit}
      onDone={(message) => {
        setSent((keys) => new Set(keys).add(target.key))
        setTarget(null)
        onProposed(message)
      }}
      onClose={() => setTarget(null)}
    />
  )

  return { toListing, matchButton, dialog }
}
