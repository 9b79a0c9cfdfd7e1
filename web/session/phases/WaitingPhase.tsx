import { useState } from 'react'
import styled from 'styled-components'
import { awaitingNextRound } from '../../../schemas/session/next-round.ts'
import type { ParticipantView } from '../../../schemas/session-wire.ts'
import { BusyButton } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { StartWithoutDialog } from '../dialogs/ConfirmDialogs.tsx'
import { PhaseHeading } from '../PhaseHeading.tsx'
import { roleLabel, seatOf } from '../../../schemas/labels.ts'
import type { RoomSession } from '../room/room-state.ts'
import { listText, notInRoomYet, personText } from '../room/round-wait.ts'
import { SessionCode } from '../SessionCode.tsx'

interface WaitingProps {
  session: RoomSession
  userId: number
  canStart: boolean
  starting: boolean
  onStart: () => void
}

/**
 * Before the start: who is here, and for the host the Start button (a practice needs someone besides the host).
 * Between rounds (issue 29): the next round waits for everyone to be in the room, says whom for, and starts by
 * itself when they are; its doctor may start it without them, after being told whom that leaves behind.
 */
export function WaitingPhase({ session, userId, canStart, starting, onStart }: WaitingProps) {
  const { participants } = session
  // A mock exam's rest station (issue 33) is not a round waiting for its seats: the clock ends it.
  const resting = session.circuit !== null && session.status === 'IN_PROGRESS'
  const betweenRounds = awaitingNextRound(session) && !resting
  const missing = betweenRounds ? notInRoomYet(participants) : []
  const othersHere = participants.filter((p) => p.role !== 'doctor').length > 0
  const [confirming, setConfirming] = useState(false)
  const missingText = listText(missing.map((p) => personText(p, userId)))
  const start = () => (missing.length > 0 ? setConfirming(true) : onStart())
  return (
    <Panel aria-labelledby="waiting-heading">
      <PhaseHeading id="waiting-heading">{resting ? 'Rest station' : betweenRounds ? `Round ${session.currentRound} is ready` : 'Waiting room'}</PhaseHeading>
      {resting && <p>Take a breath: the next station starts by itself when the rest is over.</p>}
      {!betweenRounds && <SessionCode code={session.code} />}
      <ParticipantChips participants={participants} />
      {betweenRounds && (
        <p role="status">
          {session.topicChoice
            ? 'The doctor is choosing the next topic.'
            : missing.length > 0
              ? `Waiting for ${missingText} to come back to the room: the reading time starts as soon as everyone is here.`
              : 'Everyone is here: starting…'}
        </p>
      )}
      {canStart && !session.topicChoice ? (
        <>
          <BusyButton type="button" onClick={start} busy={starting} disabled={!othersHere} $variant={betweenRounds ? 'secondary' : undefined}>
            {starting ? 'Starting…' : betweenRounds ? 'Start without waiting' : 'Start Session'}
          </BusyButton>
          {!othersHere && <Muted>Share the code: you can start once someone has joined.</Muted>}
        </>
      ) : (
        !betweenRounds && !resting && <p role="status">Waiting for the host to start the session...</p>
      )}
      <StartWithoutDialog
        missing={`${missingText.charAt(0).toUpperCase()}${missingText.slice(1)} ${missing.length === 1 && missing[0].userId !== userId ? 'is' : 'are'}`}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          onStart()
        }}
      />
    </Panel>
  )
}

function ParticipantChips({ participants }: { participants: ParticipantView[] }) {
  return (
    <Chips aria-label="Participants">
      {participants.map((p) => {
        const key = seatOf(p.role)
        return (
          <Chip key={p.id} $color={key ? theme.role[key] : theme.color.muted} $online={p.isOnline}>
            <strong>{p.name}</strong> · {roleLabel(p.role)} <span className="visually-hidden">{p.isOnline ? '(in the room)' : '(not in the room)'}</span>
          </Chip>
        )
      })}
    </Chips>
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
