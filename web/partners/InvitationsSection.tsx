import styled from 'styled-components'
import type { PartnerInvitation } from '../../schemas/partners/my-partners.ts'
import { myPartnersApi } from '../api/my-partners.ts'
import { Alert } from '../components/Alert.tsx'
import { ButtonLink } from '../components/Button.tsx'
import { useLoadedOnce } from '../contributions/useContribution.ts'
import { timeFor } from '../board/times.ts'
import { theme } from '../theme.ts'

/** Partners who asked me to practise again, in sessions still running: Join opens the session's role page. */
export function InvitationsSection({ zone }: { zone: string }) {
  const { value: invitations, failure } = useLoadedOnce(myPartnersApi.invitations, 'Your invitations could not be loaded. Please reload the page.')
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      {invitations === null && !failure && <p role="status">Loading your invitations…</p>}
      {invitations?.length === 0 && <p>No invitations at the moment. When a partner asks you to practise again, it shows here and comes by email.</p>}
      {invitations && invitations.length > 0 && (
        <List aria-label="Invitations">
          {invitations.map((invitation) => (
            <Invitation key={invitation.id} invitation={invitation} zone={zone} />
          ))}
        </List>
      )}
    </section>
  )
}

function Invitation({ invitation, zone }: { invitation: PartnerInvitation; zone: string }) {
  return (
    <li>
      <span>
        <strong>{invitation.fromName}</strong> invited you to practise,{' '}
        <time dateTime={invitation.createdAt}>{timeFor(invitation.createdAt, zone)}</time>
      </span>
      <ButtonLink href={`/session/${encodeURIComponent(invitation.sessionCode)}/role`} aria-label={`Join ${invitation.fromName}'s session`}>
        Join
      </ButtonLink>
    </li>
  )
}

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
