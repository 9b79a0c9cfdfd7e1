import styled from 'styled-components'
import type { ParticipantView } from '../../../schemas/session-wire.ts'
import { BusyButton } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { PhaseHeading } from '../PhaseHeading.tsx'
import { roleKey, roleLabel } from '../RoleBadge.tsx'
import { SessionCode } from '../SessionCode.tsx'

/** Who is here, and for the host the Start button; a practice needs someone besides the host. */
export function WaitingPhase({ code, participants, canStart, starting, onStart }: { code: string; participants: ParticipantView[]; canStart: boolean; starting: boolean; onStart: () => void }) {
  const othersHere = participants.filter((p) => p.role !== 'doctor').length > 0
  return (
    <Panel aria-labelledby="waiting-heading">
      <PhaseHeading id="waiting-heading">Waiting room</PhaseHeading>
      <SessionCode code={code} />
      <Chips aria-label="Participants">
        {participants.map((p) => {
          const key = roleKey(p.role)
          return (
            <Chip key={p.id} $color={key ? theme.role[key] : theme.color.muted} $online={p.isOnline}>
              <strong>{p.name}</strong> · {roleLabel(p.role)} <span className="visually-hidden">{p.isOnline ? '(online)' : '(offline)'}</span>
            </Chip>
          )
        })}
      </Chips>
      {canStart ? (
        <>
          <BusyButton type="button" onClick={onStart} busy={starting} disabled={!othersHere}>
            {starting ? 'Starting…' : 'Start Session'}
          </BusyButton>
          {!othersHere && <Muted>Share the code: you can start once someone has joined.</Muted>}
        </>
      ) : (
        <p role="status">Waiting for the host to start the session...</p>
      )}
    </Panel>
  )
}

const Panel = styled.section`
  h2 { font-size: 1.2rem; }
`

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
`

const Chip = styled.li<{ $color: string; $online: boolean }>`
  padding: 6px 14px;
  border-radius: ${theme.radius.round};
  border: 2px solid ${({ $color }) => $color};
  background: ${({ $color, $online }) => ($online ? $color : theme.color.surface)};
  color: ${({ $color, $online }) => ($online ? '#fff' : $color)};
  overflow-wrap: anywhere;
`

const Muted = styled.p`
  margin-top: 8px;
  color: ${theme.color.muted};
`
