import styled from 'styled-components'

/**
 * Label and value side by side, as the timeline's state and the round summary list a session's facts; one column
 * on a phone, so a long name or date wraps instead of pushing the page sideways.
 */
export const FactsGrid = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 4px 16px;
  margin: 0 0 16px;
  div { display: contents; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 400px) {
    grid-template-columns: minmax(0, 1fr);
    dd { margin-bottom: 8px; }
  }
`
