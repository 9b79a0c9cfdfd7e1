import styled from 'styled-components'
import { PHASE_LABEL } from '../../schemas/labels.ts'
import type { Phase } from '../../schemas/session/types.ts'
import type { ParticipantView } from '../../schemas/session-wire.ts'
import { initialsOf } from '../components/AvatarMenu.tsx'
import { Button } from '../components/Button.tsx'
import { ToggleButton } from '../components/ToggleButton.tsx'
import { theme } from '../theme.ts'
import { roleLabel, seatOf } from '../../schemas/labels.ts'
import { RoleBadge } from './RoleBadge.tsx'
import { setSoundMuted, useSoundMuted } from './sounds.ts'

/** SPEC section 9: the header shows at most 4 avatars. */
export const MAX_AVATARS = 4

export const phaseLabel = (phase: Phase | null) => (phase === null ? 'Loading' : PHASE_LABEL[phase])

export function RoomHeader(props: { title: string; role: string | null; code: string; phase: Phase | null; participants: ParticipantView[]; onExit: () => void }) {
  const muted = useSoundMuted()
  const shown = props.participants.slice(0, MAX_AVATARS)
  const hidden = props.participants.length - shown.length
  return (
    <Bar>
      <Identity>
        <h1>{props.title || 'Session'}</h1>
        <Facts>
          {props.role && <RoleBadge role={props.role} prefix="You: " />}
          <span>
            Code <strong>{props.code}</strong>
          </span>
          {/* Not a live region: focus moves to the new phase's heading, which says the change once (PhaseHeading.tsx). */}
          <Phase>
            <span className="visually-hidden">Phase: </span>
            {phaseLabel(props.phase)}
          </Phase>
        </Facts>
      </Identity>
      <Tools>
        <Avatars aria-label="Participants">
          {shown.map((p) => (
            <Avatar key={p.id} $color={theme.role[seatOf(p.role) ?? 'DOCTOR']} $online={p.isOnline} title={`${p.name} (${roleLabel(p.role)})`}>
              <span aria-hidden="true">{initialsOf(p.name)}</span>
              <span className="visually-hidden">
                {p.name}, {roleLabel(p.role)}, {p.isOnline ? 'online' : 'offline'}
              </span>
            </Avatar>
          ))}
          {hidden > 0 && <More aria-label={`and ${hidden} more`}>+{hidden}</More>}
        </Avatars>
        {/* Named for what it silences, so that it is never taken for the call's "Mute microphone" (issue 29). */}
        <ToggleButton pressed={muted} onClick={() => setSoundMuted(!muted)}>
          Exam sounds off
        </ToggleButton>
        <Button type="button" onClick={props.onExit}>
          Exit
        </Button>
      </Tools>
    </Bar>
  )
}

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 16px;
  margin-bottom: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  h1 { font-size: 1.35rem; margin: 0 0 6px; overflow-wrap: anywhere; }
  /* A phone keeps the header to a few lines, so the case and the clock start near the top. */
  @media (max-width: 480px) {
    gap: 8px;
    padding: 12px;
    margin-bottom: 12px;
    h1 { font-size: 1.15rem; margin-bottom: 4px; }
  }
`

const Identity = styled.div`
  min-width: 0;
`

const Facts = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  color: ${theme.color.muted};
`

const Phase = styled.span`
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  background: ${theme.color.primarySoft};
  color: ${theme.color.primaryHover};
  font-weight: 700;
`

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  @media (max-width: 480px) { button { padding-inline: 14px; } }
`

const Avatars = styled.ul`
  display: flex;
  margin: 0 4px 0 0;
  padding: 0;
  list-style: none;
`

const Avatar = styled.li<{ $color: string; $online: boolean }>`
  display: grid;
  place-items: center;
  width: 38px;
  height: 38px;
  margin-left: -6px;
  border: 2px solid #fff;
  border-radius: ${theme.radius.round};
  background: ${({ $color, $online }) => ($online ? $color : theme.color.border)};
  color: ${({ $online }) => ($online ? '#fff' : theme.color.text)};
  font-size: 0.8rem;
  font-weight: 700;
  &:first-child { margin-left: 0; }
`

const More = styled.li`
  display: grid;
  place-items: center;
  width: 38px;
  height: 38px;
  margin-left: -6px;
  border: 2px solid #fff;
  border-radius: ${theme.radius.round};
  background: ${theme.color.muted};
  color: #fff;
  font-size: 0.8rem;
  font-weight: 700;
`
