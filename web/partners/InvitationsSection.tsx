import { useState } from 'react'
import styled from 'styled-components'
import type { PartnerInvitation } from '../../schemas/partners/my-partners.ts'
import { myPartnersApi } from '../api/my-partners.ts'
import { Alert } from '../components/Alert.tsx'
import { ButtonLink } from '../components/Button.tsx'
import { useLoadedOnce } from '../contributions/useContribution.ts'
import { timeFor } from '../board/times.ts'
import { theme } from '../theme.ts'
import { SafetyActions } from './SafetyActions.tsx'

/**
 * Partners who asked me to practise again, in sessions still running: Join opens the session's role page. Report
 * and Block act on the sender; a block also ends their invitations (the server drops them), so the card says so
 * and keeps only Report.
 * `onBlocked` lets the page read again what a block changes elsewhere on it.
 */
export function InvitationsSection({ zone, onBlocked }: { zone: string; onBlocked(message: string): void }) {
  const { value: invitations, failure } = useLoadedOnce(myPartnersApi.invitations, 'Your invitations could not be loaded. Please reload the page.')
  const [blocked, setBlocked] = useState<ReadonlySet<number>>(new Set())
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      {invitations === null && !failure && <p role="status">Loading your invitations…</p>}
      {invitations?.length === 0 && <p>No invitations at the moment. When a partner asks you to practise again, it shows here and comes by email.</p>}
      {invitations && invitations.length > 0 && (
        <List aria-label="Invitations">
          {invitations.map((invitation) => (
            <Invitation
              key={invitation.id}
              invitation={invitation}
              zone={zone}
              blocked={blocked.has(invitation.fromUserId)}
              onBlocked={(message) => {
                setBlocked((ids) => new Set(ids).add(invitation.fromUserId))
                onBlocked(message)
              }}
            />
          ))}
        </List>
      )}
    </section>
  )
}

function Invitation(props: { invitation: PartnerInvitation; zone: string; blocked: boolean; onBlocked(message: string): void }) {
  const { invitation } = props
  const describedBy = `invitation-${invitation.id}`
  return (
    <li>
      {props.blocked ? (
        <span id={describedBy}>
          <strong>{invitation.fromName}</strong>: their invitation is gone.
        </span>
      ) : (
        <span id={describedBy}>
          <strong>{invitation.fromName}</strong> invited you to practise,{' '}
          <time dateTime={invitation.createdAt}>{timeFor(invitation.createdAt, props.zone)}</time>
        </span>
      )}
      <Actions>
        {!props.blocked && (
          <ButtonLink href={`/session/${encodeURIComponent(invitation.sessionCode)}/role`} aria-label={`Join ${invitation.fromName}'s session`}>
            Join
          </ButtonLink>
        )}
        <SafetyActions
          person={{ userId: invitation.fromUserId, name: invitation.fromName }}
          zone={props.zone}
          describedBy={describedBy}
          blocked={props.blocked}
          onBlocked={(_, message) => props.onBlocked(message)}
        />
      </Actions>
    </li>
  )
}

const Actions = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

const List = styled.ul`
  display: grid;
  gap: 8px;
  padding: 0;
  margin: 0 0 24px;
  li {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 16px;
    background: ${theme.color.surface};
    border-radius: ${theme.radius.medium};
    box-shadow: ${theme.shadow.card};
    padding: 12px 16px;
    overflow-wrap: anywhere;
  }
`
