import { createGlobalStyle, css } from 'styled-components'
import { theme } from './theme.ts'

/** Out of sight, still read by screen readers. */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
`

/** Resets and the one focus style every interactive element shares (keyboard users must always see focus). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  /* On a phone the room's clock sticks to the top: what gets focus is scrolled clear of it. */
  @media (max-width: 760px) { html:has([role='timer']) { scroll-padding-top: 88px; } }
  body {
    margin: 0;
    font-family: ${theme.font.body};
    font-size: 16px;
    line-height: 1.5;
    color: ${theme.color.text};
    background: ${theme.color.background};
  }
  #root { min-height: 100vh; display: flex; flex-direction: column; }
  h1, h2, h3 { line-height: 1.2; margin: 0 0 0.5em; }
  p { margin: 0 0 1em; }
  img { max-width: 100%; }
  a { color: ${theme.color.primary}; }
  a:hover { color: ${theme.color.primaryHover}; }
  button, input, textarea, select { font: inherit; }
  :focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  .visually-hidden { ${visuallyHidden} }
`
