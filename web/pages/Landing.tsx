import { useEffect } from 'react'
import styled from 'styled-components'
import { navigate } from 'wouter/use-browser-location'
import { useAuth } from '../account/AuthContext.tsx'
import { rememberPostLoginRedirect } from '../auth/post-login-redirect.ts'
import { Button, ButtonLink } from '../components/Button.tsx'
import { Community } from '../components/landing/Community.tsx'
import { ContactSection } from '../components/landing/ContactSection.tsx'
import { Features } from '../components/landing/Features.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { theme } from '../theme.ts'

export default function Landing() {
  usePageTitle('Free PLAB 2 role-play practice')
  const { user } = useAuth()

  // Content renders after the browser's own jump to #contact would have happened, so jump once it exists.
  useEffect(() => {
    if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView()
  }, [])

  const startPracticing = () => {
    if (user) return navigate('/session/create')
    rememberPostLoginRedirect('/session/create')
    navigate('/login')
  }

  return (
    <>
      <Hero aria-labelledby="hero-heading">
        <HeroInner>
          <h1 id="hero-heading">Rehearse PLAB 2 with real people, on the clock</h1>
          <p>
            Run timed clinical stations with fellow candidates, take turns as doctor, patient and observer, and get
            scored feedback on every consultation. Free, for everyone preparing for the exam.
          </p>
          <HeroActions>
            <Button type="button" $variant="light" onClick={startPracticing}>
              Start Practicing
            </Button>
            {!user && (
              <ButtonLink href="/register" $variant="light" className="outline">
                Create a free account
              </ButtonLink>
            )}
          </HeroActions>
        </HeroInner>
      </Hero>
      <Features />
      <Community />
      <ContactSection />
    </>
  )
}

const Hero = styled.section`
  background: linear-gradient(135deg, ${theme.color.primary} 0%, #3730a3 100%);
  color: #fff;
  padding: 64px 16px 72px;
  @media (max-width: 640px) { padding: 40px 16px 48px; }
`

const HeroInner = styled.div`
  max-width: 760px;
  margin: 0 auto;
  text-align: center;
  h1 { font-size: clamp(1.8rem, 6vw, 2.8rem); }
  p { font-size: 1.1rem; color: #e0e7ff; }
`

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
  margin-top: 24px;
  .outline { background: transparent; color: #fff; }
  .outline:hover { background: rgba(255, 255, 255, 0.15); color: #fff; }
  a:focus-visible, button:focus-visible { outline-color: ${theme.color.focusOnDark}; }
`
