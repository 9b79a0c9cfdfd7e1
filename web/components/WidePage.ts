import styled from 'styled-components'

/**
 * A page of lists (the dashboard, the board). At least a screen tall, so the footer starts below the fold and
 * never moves in view as the lists arrive or change length (layout shift, issue 12).
 */
export const WidePage = styled.div`
  width: 100%;
  max-width: 900px;
  min-height: 100vh;
  margin: 0 auto;
  padding: 32px 16px;
  h1 { font-size: 1.6rem; overflow-wrap: anywhere; }
  h2 { font-size: 1.25rem; margin-top: 8px; }
`
