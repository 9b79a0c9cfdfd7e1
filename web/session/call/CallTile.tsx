import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { theme } from '../../theme.ts'
import { roleLabel, seatOf } from '../../../schemas/labels.ts'
import { useSpeaking } from './speaking.ts'

export interface TileProps {
  name: string
  role: string
  stream: MediaStream | null
  audioOn: boolean
  videoOn: boolean
  /** The participant's own tile: never played back (no echo). */
  local?: boolean
  /** A remote peer's connection state; anything but connected is said in words. */
  connection?: RTCPeerConnectionState
}

const CONNECTION_WORDS: Partial<Record<RTCPeerConnectionState, string>> = {
  new: 'Connecting…',
  connecting: 'Connecting…',
  disconnected: 'Connection lost, reconnecting…',
  failed: 'Could not connect, trying again…',
}

/** One participant in the call: video or initials, name in their role's colour, microphone state, speaking ring. */
export function CallTile({ name, role, stream, audioOn, videoOn, local = false, connection }: TileProps) {
  const video = useRef<HTMLVideoElement>(null)
  const [blocked, setBlocked] = useState(false)
  const speaking = useSpeaking(stream, audioOn)
  const colour = theme.role[seatOf(role) ?? 'OBSERVER']

  useEffect(() => {
    const element = video.current
    if (!element || element.srcObject === stream) return
    element.srcObject = stream
    // A page reloaded into the call has had no click yet: the browser may refuse to play sound until one.
    if (stream) element.play().then(() => setBlocked(false), () => setBlocked(!local))
  }, [stream, local])

  const status = connection && CONNECTION_WORDS[connection]
  return (
    <Tile $colour={colour} $speaking={speaking} data-call-tile={local ? 'local' : 'remote'} aria-label={`${name}, ${roleLabel(role)}${local ? ' (you)' : ''}`}>
      <Video ref={video} autoPlay playsInline muted={local} $hidden={!videoOn} />
      {!videoOn && <Initials aria-hidden="true">{initials(name)}</Initials>}
      <Caption>
        <Name $colour={colour}>{local ? `${name} (you)` : name}</Name>
        {!audioOn && <State>Muted</State>}
        {speaking && <State>Speaking</State>}
      </Caption>
      {status && <Status role="status">{status}</Status>}
      {blocked && (
        <PlayButton type="button" onClick={() => video.current?.play().then(() => setBlocked(false))}>
          Play sound
        </PlayButton>
      )}
    </Tile>
  )
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')

const Tile = styled.figure<{ $colour: string; $speaking: boolean }>`
  position: relative;
  margin: 0;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  border-radius: ${theme.radius.medium};
  background: #0f172a;
  border: 3px solid ${({ $colour }) => $colour};
  box-shadow: ${({ $speaking }) => ($speaking ? '0 0 0 3px #facc15' : 'none')};
  @media (max-width: 640px) {
    flex: 0 0 30%;
    aspect-ratio: auto;
    height: 76px;
  }
`

const Video = styled.video<{ $hidden: boolean }>`
  width: 100%;
  height: 100%;
  object-fit: cover;
  visibility: ${({ $hidden }) => ($hidden ? 'hidden' : 'visible')};
`

const Initials = styled.span`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: #fff;
  font-size: 1.6rem;
  font-weight: 800;
`

const Caption = styled.figcaption`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 4px;
  background: rgba(15, 23, 42, 0.7);
  font-size: 0.8rem;
`

const Name = styled.span<{ $colour: string }>`
  padding: 0 6px;
  border-radius: ${theme.radius.round};
  background: ${({ $colour }) => $colour};
  color: #fff;
  font-weight: 700;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  max-width: 100%;
`

const State = styled.span`
  padding: 0 6px;
  border-radius: ${theme.radius.round};
  background: #fff;
  color: #0f172a;
  font-weight: 700;
`

const Status = styled.p`
  position: absolute;
  top: 4px;
  left: 4px;
  right: 4px;
  margin: 0;
  color: #fff;
  font-size: 0.8rem;
  font-weight: 600;
`

const PlayButton = styled.button`
  position: absolute;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  min-height: 36px;
  padding: 4px 12px;
  border-radius: ${theme.radius.small};
  font-weight: 700;
`
