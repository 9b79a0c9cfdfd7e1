import styled from 'styled-components'
import { theme } from '../theme.ts'

const TONES = {
  warning: { text: theme.color.warning, background: theme.color.warningSoft, border: 'solid' },
  danger: { text: theme.color.danger, background: theme.color.dangerSoft, border: 'dashed' },
} as const

/** A short word in a rounded outline: the marking's flags (feedback areas, disagreements, cases needing domains). */
export const Chip = styled.span<{ $tone: keyof typeof TONES }>`
  padding: 1px 10px;
  border-radius: ${theme.radius.round};
  border: 1px ${({ $tone }) => TONES[$tone].border} ${({ $tone }) => TONES[$tone].text};
  background: ${({ $tone }) => TONES[$tone].background};
  color: ${({ $tone }) => TONES[$tone].text};
  font-size: 0.85rem;
  font-weight: 600;
  white-space: nowrap;
`
