import { useEffect } from 'react'
import styled from 'styled-components'
import type { Phase } from '../../schemas/session/types.ts'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { checkSoundAllowed, setSoundBlocked, useSoundBlocked } from './sound-permission.ts'
import { useSoundMuted } from './sounds.ts'

/**
 * In the room, when the browser holds the exam's sounds back (after a reload, until the user touches the page):
 * a notice that says so, with a button that lets them play. It goes once any click or key has allowed them, and
 * says nothing when the user muted the sounds or the session is completed (no sound is due).
 */
export function SoundsBlockedNotice({ phase }: { phase: Phase }) {
  const blocked = useSoundBlocked()
  const muted = useSoundMuted()
  // Once, as the room opens; muted, nothing would play, and unmuting is itself the click that allows sound.
  useEffect(() => {
    if (!muted) void checkSoundAllowed()
  }, [])
  const shown = blocked && !muted && phase !== 'COMPLETED'
  return (
    // A polite status region, there from the start, so that a screen reader hears the notice when it appears.
    <Region role="status">
      {shown && (
        <Notice>
          <p>Sounds are off until you tap or click the page: your browser holds them back after a reload.</p>
          {/* The press itself allows them: it is the interaction the browser waits for. */}
          <Button type="button" $variant="secondary" onClick={() => setSoundBlocked(false)}>
            Turn on sounds
          </Button>
        </Notice>
      )}
    </Region>
  )
}

const Region = styled.div`
  &:empty { display: none; }
`

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  margin-bottom: 16px;
  padding: 10px 14px;
  border-radius: ${theme.radius.small};
  border: 1px solid ${theme.color.warning};
  background: ${theme.color.warningSoft};
  color: ${theme.color.warning};
  p { margin: 0; font-weight: 600; flex: 1 1 220px; }
`
