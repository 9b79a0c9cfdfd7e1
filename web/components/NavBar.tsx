import styled from 'styled-components'
import { Link, useLocation } from 'wouter'
import { useAuth } from '../account/AuthContext.tsx'
import { NARROW, theme } from '../theme.ts'
import { AvatarMenu } from './AvatarMenu.tsx'

/** SPEC section 2, navigation bar. On narrow screens the session links move into the account menu. */
export function NavBar() {
  const { user } = useAuth()
  const [location] = useLocation()
  const current = (href: string) => (location === href ? ('page' as const) : undefined)
  return (
    <Header>
      <Nav aria-label="Main">
        <Brand href="/" aria-label="PLAB Practice home">
          <Mark aria-hidden="true">+</Mark>
          <span>
            PLAB<span className="brand-rest"> Practice</span>
          </span>
        </Brand>
        {user ? (
          <Actions>
            <NavLink href="/session/join" aria-current={current('/session/join')} className="wide-only">
              Join Session
            </NavLink>
            <NavLink href="/session/create" aria-current={current('/session/create')} className="wide-only">
              Start Session
            </NavLink>
            <AvatarMenu user={user} />
          </Actions>
        ) : (
          <Actions>
            <NavLink href="/login" aria-current={current('/login')}>
              Login
            </NavLink>
            <CallToAction href="/register" aria-current={current('/register')}>
              Get Started
            </CallToAction>
          </Actions>
        )}
      </Nav>
    </Header>
  )
}

const Header = styled.header`
  background: ${theme.color.primary};
  color: #fff;
`

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  max-width: ${theme.width.page};
  margin: 0 auto;
  padding: 10px 16px;
  min-height: 64px;
  @media ${NARROW} { padding: 8px 12px; gap: 8px; }
  a:focus-visible, button:focus-visible { outline-color: ${theme.color.focusOnDark}; }
`

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: #fff;
  font-weight: 800;
  font-size: 1.15rem;
  text-decoration: none;
  white-space: nowrap;
  &:hover { color: #fff; }
  /* The link's accessible name stays whole (aria-label); only the visible word goes. */
  @media (max-width: 420px) { .brand-rest { display: none; } }
`

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 30px;
  height: 30px;
  border-radius: ${theme.radius.small};
  background: #fff;
  color: ${theme.color.primary};
  font-size: 1.3rem;
  line-height: 1;
`

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  @media ${NARROW} {
    gap: 4px;
    .wide-only { display: none; }
  }
`

const NavLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 12px;
  border-radius: ${theme.radius.small};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover, &[aria-current='page'] { color: #fff; background: rgba(255, 255, 255, 0.15); }
  @media ${NARROW} { padding: 0 8px; }
`

const CallToAction = styled(NavLink)`
  background: #fff;
  color: ${theme.color.primary};
  &:hover, &[aria-current='page'] { background: ${theme.color.primarySoft}; color: ${theme.color.primaryHover}; }
`
