import type { ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'
import { Footer } from './Footer.tsx'
import { NavBar } from './NavBar.tsx'

/** Every page: a skip link for keyboard users, the bar, the page itself, the footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink href="#main">Skip to main content</SkipLink>
      <NavBar />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer />
    </>
  )
}

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -100px;
  z-index: 100;
  padding: 8px 12px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.small};
  &:focus { top: 8px; }
`

const Main = styled.main`
  flex: 1 0 auto;
  width: 100%;
  &:focus { outline: none; }
`
