import { useEffect, useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import styled from 'styled-components'
import type { ParticipantView } from '../../../schemas/session-wire.ts'
import { authStore } from '../../auth/auth-store.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { CallController } from './call-controller.ts'
import { CallControls } from './CallControls.tsx'
import { CallTile } from './CallTile.tsx'
import type { CallSnapshot } from './call-snapshot.ts'

export interface CallPanelProps {
  code: string
  userId: number
  participants: ParticipantView[]
  /** The case is a telephone consultation: the telephone station runs by itself (issue 29). */
  telephoneCase: boolean
  /** What records the room on this device (issue 34), given the call's media to record. */
  recorder?: (call: CallSnapshot) => ReactNode
}

/** Whether this device folds the call to a strip, remembered like the sound choice. */
const FOLDED_KEY = 'plab.callFolded'

function readFolded(): boolean {
  try {
    return localStorage.getItem(FOLDED_KEY) === 'true'
  } catch {
    return false
  }
}

function rememberFolded(folded: boolean) {
  try {
    localStorage.setItem(FOLDED_KEY, String(folded))
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

/**
 * The room's call (issue 19), loaded only when a room opens: join with camera and microphone or audio only, then
 * a tile per participant and the controls. Unmounting it (leaving the room) ends this side of the call; a page
 * that reloads while in the call, or comes back to the room, joins again by itself unless the user left the call.
 *
 * The call sits in the page's flow, above the phase, and never sticks over it: on a phone a sticky call covered
 * Start Session and left 400 px to mark in (issue 29); the clock is the room's one sticky bar. The user may fold
 * it to a strip of two buttons (show the call, the microphone); folded, the tiles are hidden, not removed, so
 * everyone is still heard.
 */
export default function CallPanel({ code, userId, participants, telephoneCase, recorder }: CallPanelProps) {
  const controller = useMemo(() => new CallController(code, userId, authStore.token), [code, userId])
  const call = useSyncExternalStore(controller.subscribe, controller.getSnapshot)
  const members = useMemo(() => participants.map((p) => ({ userId: p.userId, role: p.role })), [participants])
  useEffect(() => controller.setMembers(members), [controller, members])
  useEffect(() => controller.setCaseTelephone(telephoneCase), [controller, telephoneCase])
  useEffect(() => {
    controller.rejoin()
    // Leaving the room ends the call; the page remembers it was in one, for when the user comes back.
    return () => controller.leave(false)
  }, [controller])

  const [folded, setFolded] = useState(readFolded)
  const tilesId = useId()
  const fold = (next: boolean) => {
    setFolded(next)
    rememberFolded(next)
  }

  const me = participants.find((p) => p.userId === userId)
  return (
    <Panel aria-label="Call">
      {call.message && <Alert tone="error">{call.message}</Alert>}
      {!call.joined ? (
        <JoinRow>
          <Button type="button" disabled={call.joining} onClick={() => void controller.join({ audioOnly: false })}>
            {call.joining ? 'Joining…' : 'Join call'}
          </Button>
          <Button type="button" $variant="secondary" disabled={call.joining} onClick={() => void controller.join({ audioOnly: true })}>
            Join audio only
          </Button>
        </JoinRow>
      ) : (
        <>
          <Tiles id={tilesId} hidden={folded}>
            <CallTile name={me?.name ?? 'You'} role={me?.role ?? 'observer'} stream={call.local} audioOn={call.audioOn} videoOn={call.cameraOn && !call.audioOnly && !call.telephone} local />
            {call.peers.map((peer) => {
              const participant = participants.find((p) => p.userId === peer.userId)
              return (
                <CallTile
                  key={peer.userId}
                  name={participant?.name ?? 'Participant'}
                  role={participant?.role ?? 'observer'}
                  stream={peer.stream}
                  audioOn={peer.state.audio}
                  videoOn={peer.state.video && !call.audioOnly && !call.telephone}
                  connection={peer.connection}
                />
              )
            })}
          </Tiles>
          <CallControls
            call={call}
            controller={controller}
            isDoctor={me?.role === 'doctor'}
            telephoneCase={telephoneCase}
            fold={{ folded, tilesId, onFold: fold, inCall: call.peers.length + 1 }}
          />
        </>
      )}
      {recorder?.(call)}
    </Panel>
  )
}

const Panel = styled.section`
  margin: 0 0 12px;
  padding: 8px;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow.card};
`

const JoinRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

const Tiles = styled.div`
  display: grid;
  &[hidden] { display: none; }
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  @media (max-width: 640px) {
    display: flex;
    gap: 6px;
    overflow-x: auto;
  }
`
