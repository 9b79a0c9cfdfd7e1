import styled from 'styled-components'
import type { Phase } from '../../schemas/session/types.ts'
import { useDebriefLinks } from './useDebriefLinks.ts'
import { debriefPath } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'

/**
 * In the room, the debriefs of the rounds this user sat as doctor whose feedback phase is over. Asked again
 * whenever the round or phase moves on (that is when one opens); they open in a new tab so the room stays live.
 */
export function RoomDebriefLinks({ code, round, phase }: { code: string; round: number; phase: Phase }) {
  const links = useDebriefLinks(code, `${round}/${phase}`)
  if (links.length === 0) return null
  return (
    <Box aria-labelledby="room-debriefs-heading">
      <h2 id="room-debriefs-heading">Your debriefs</h2>
      <ul>
        {links.map((link) => (
          <li key={link.round}>
            <a href={debriefPath(code, link.round)} target="_blank" rel="noopener">
              Round {link.round}: {link.caseTitle}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </Box>
  )
}

const Box = styled.section`
  margin-top: 16px;
  padding: 12px 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  h2 { font-size: 1.05rem; }
  ul { margin: 0; padding-left: 20px; }
  a { overflow-wrap: anywhere; }
`
