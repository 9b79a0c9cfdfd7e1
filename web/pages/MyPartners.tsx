import { useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { practiseAgainTitle, type Partner } from '../../schemas/partners/my-partners.ts'
import { ConfirmDialog } from '../admin/ConfirmDialog.tsx'
import { errorMessage } from '../api/client.ts'
import { myPartnersApi } from '../api/my-partners.ts'
import { useTimeZone } from '../board/times.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton, Button, ButtonLink } from '../components/Button.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { InvitationsSection } from '../partners/InvitationsSection.tsx'
import { PartnerCard, PartnerList } from '../partners/PartnerCard.tsx'
import { ProposalsSection } from '../partners/ProposalsSection.tsx'
import { usePartners } from '../partners/usePartners.ts'
import { BlockedPeopleSection } from '../partners/BlockedPeopleSection.tsx'
import { SafetyActions } from '../partners/SafetyActions.tsx'
import type { ConfigurePageState } from './CreateSession.tsx'

/**
 * /my-partners (issue 36): invitations to practise again, and the people I have practised with, each with
 * "Practise again" (a new session of mine, and an invitation by email) and "Remove from my partners".
 */
export default function MyPartners() {
  usePageTitle('My partners')
  const { zone } = useTimeZone()
  const { partners, failure, reload, remove } = usePartners()
  const [starting, setStarting] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [removing, setRemoving] = useState<Partner | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const focus = useFocusNext<'notice'>()
  // Each block made here reads "Blocked people" and the partners again; each unblock reads the partners again.
  const [blocks, setBlocks] = useState(0)
  const readAfterBlock = () => {
    setBlocks((n) => n + 1)
    reload()
  }
  const blocked = (message: string) => {
    setNotice(message)
    readAfterBlock()
  }

  /** A new session hosted by me, the partner invited: on to its configure page, as a created session goes. */
  const practiseAgain = async (partner: Partner) => {
    setStarting(partner.userId)
    setProblem(null)
    try {
      const { sessionCode } = await myPartnersApi.practiseAgain(partner.userId)
      const state: ConfigurePageState = { title: practiseAgainTitle(partner.name), role: 'doctor', isHost: true, keptOtherSessions: true }
      navigate(`/session/${encodeURIComponent(sessionCode)}/configure`, { state })
    } catch (error) {
      setProblem(errorMessage(error, 'Could not start a session. Please try again.'))
      setStarting(null)
      // Someone no longer reachable (blocked, suspended) leaves the list.
      reload()
    }
  }

  const confirmRemove = async (partner: Partner) => {
    await remove(partner.userId)
    setRemoving(null)
    setNotice(`${partner.name} is no longer in your partners. Practising together again brings them back.`)
  }

  return (
    <WidePage>
      <h1>My partners</h1>
      <p>The people you have practised stations with. Practise again with one in a click: a new session of yours, and an invitation to them by email.</p>

      <InvitationsSection zone={zone} onBlocked={blocked} />

      <ProposalsSection zone={zone} onBlocked={readAfterBlock} />

      <section aria-labelledby="partners-heading">
        <h2 id="partners-heading">People you have practised with</h2>
        {failure && <Alert tone="error">{failure}</Alert>}
        {problem && <Alert tone="error">{problem}</Alert>}
        {notice && (
          <Alert tone="success" ref={focus.focusIf('notice')}>
            {notice}
          </Alert>
        )}
        {partners === null && !failure && <p role="status">Loading your partners…</p>}
        {partners?.length === 0 && (
          <>
            <p>Nobody yet. Once you have practised a station with someone, they appear here.</p>
            <p>
              <ButtonLink href="/partners">Find Partners</ButtonLink>
            </p>
          </>
        )}
        {partners && partners.length > 0 && (
          <PartnerList aria-label="People you have practised with">
            {partners.map((partner) => (
              <PartnerCard key={partner.userId} partner={partner} zone={zone}>
                <BusyButton type="button" busy={starting === partner.userId} onClick={() => practiseAgain(partner)} aria-describedby={`partner-${partner.userId}`}>
                  {starting === partner.userId ? 'Starting…' : 'Practise again'}
                </BusyButton>
                <Button type="button" $variant="secondary" onClick={() => setRemoving(partner)} aria-describedby={`partner-${partner.userId}`}>
                  Remove from my partners
                </Button>
                <SafetyActions
                  person={partner}
                  zone={zone}
                  describedBy={`partner-${partner.userId}`}
                  onBlocked={(_, message) => {
                    // Someone blocked is no partner: their card goes on the next read, so the news takes the focus.
                    focus.next('notice')
                    blocked(message)
                  }}
                />
              </PartnerCard>
            ))}
          </PartnerList>
        )}
      </section>

      <BlockedPeopleSection zone={zone} refreshKey={blocks} onUnblocked={reload} />

      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove"
          cancelLabel="Keep them"
          danger
          failureMessage="Could not remove this partner"
          onConfirm={() => confirmRemove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>
            {removing.name} leaves your partners list. They are not told. If you practise together again, they come back to the list.
          </p>
        </ConfirmDialog>
      )}
    </WidePage>
  )
}
