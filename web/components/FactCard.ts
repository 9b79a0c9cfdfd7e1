import styled from 'styled-components'
import { theme } from '../theme.ts'

/**
 * A card in a list of people or listings (the board, the matches, my partners): its box, and its facts as a
 * definition list of label and value, wrapped rather than pushed sideways on a phone.
 */
export const CardListItem = styled.li`
  list-style: none;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  padding: 16px;
  && :is(h2, h3) { font-size: 1.1rem; margin: 0 0 8px; overflow-wrap: anywhere; }
`

/** The list those cards stand in. */
export const CardList = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
`

export const FactList = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 8px;
  dt { color: ${theme.color.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`
