import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { navigate } from 'wouter/use-browser-location'
import { mayReview, type UserView } from '../../schemas/auth.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { NARROW, theme } from '../theme.ts'

interface Item {
  label: string
  href?: string
  /** Shown only when the bar folds its session links away (narrow screens). */
  narrowOnly?: boolean
}

function itemsFor(user: UserView): Item[] {
  return [
    { label: 'Find Partners', href: '/partners', narrowOnly: true },
    { label: 'Join Session', href: '/session/join', narrowOnly: true },
    { label: 'Start Session', href: '/session/create', narrowOnly: true },
    ...(user.role === 'ADMIN' ? [{ label: 'Admin Panel', href: '/admin' }] : []),
    ...(mayReview(user.role) ? [{ label: 'Review Cases', href: '/review' }] : []),
    { label: 'Dashboard', href: '/dashboard' },
    // Beside the dashboard it grew from; the bar itself has no room left at the narrowest wide widths.
    { label: 'My Progress', href: '/progress' },
    // The people found on Find Partners (in the bar) and practised with.
    { label: 'My Partners', href: '/my-partners' },
    { label: 'Practise Alone', href: '/practise-alone' },
    { label: 'My Recordings', href: '/recordings' },
    { label: 'My Cases', href: '/my-cases' },
    { label: 'My Profile', href: '/profile' },
    { label: 'Logout' },
  ]
}

/** The WAI-ARIA menu button pattern: arrows move, Home/End jump, Escape closes and returns focus, Tab leaves. */
export function AvatarMenu({ user }: { user: UserView }) {
  const { signOut } = useAuth()
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const menuId = useId()
  const initials = initialsOf(user.name)

  const visibleItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []).filter((el) => el.getClientRects().length > 0)
  const focusItem = (index: number) => {
    const items = visibleItems()
    items[(index + items.length) % items.length]?.focus()
  }

  useEffect(() => {
    if (!open) return
    focusItem(0)
    const closeOnOutside = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOnOutside)
    return () => document.removeEventListener('pointerdown', closeOnOutside)
  }, [open])

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const select = (item: Item) => {
    close(false)
    if (item.href) return navigate(item.href)
    // Leave the (possibly guarded) page first, so no guard remembers it as a post-login destination.
    navigate('/')
    signOut()
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = visibleItems()
    const index = items.indexOf(document.activeElement as HTMLElement)
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(index + 1),
      ArrowUp: () => focusItem(index - 1),
      Home: () => focusItem(0),
      End: () => focusItem(items.length - 1),
      Escape: () => close(true),
    }
    if (event.key === 'Tab') return setOpen(false)
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    move()
  }

  return (
    <Wrapper>
      <AvatarButton
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // Starts with the initials it shows, so saying what you see ("click PN") reaches it (WCAG 2.5.3).
        aria-label={`${initials}: Account menu for ${user.name}`}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        <Initials aria-hidden="true">{initials}</Initials>
      </AvatarButton>
      <Popup hidden={!open}>
        <MenuHeader>
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </MenuHeader>
        <Menu ref={menuRef} id={menuId} role="menu" aria-label="Account" onKeyDown={onMenuKeyDown}>
          {itemsFor(user).map((item) => (
            <li key={item.label} role="none" className={item.narrowOnly ? 'narrow-only' : undefined}>
              <MenuItem role="menuitem" tabIndex={-1} type="button" onClick={() => select(item)}>
                {item.label}
              </MenuItem>
            </li>
          ))}
        </Menu>
      </Popup>
    </Wrapper>
  )
}

/** Two letters for an avatar: first and last name, or the start of a single name. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

const Wrapper = styled.div`
  position: relative;
`

const AvatarButton = styled.button`
  width: 44px;
  height: 44px;
  border-radius: ${theme.radius.round};
  border: 2px solid #fff;
  background: ${theme.color.primarySoft};
  color: ${theme.color.primary};
  font-weight: 700;
  cursor: pointer;
  &[aria-expanded='true'] { box-shadow: 0 0 0 3px rgba(255, 255, 255, 0.5); }
`

const Initials = styled.span`
  font-size: 0.95rem;
`

const Popup = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 20;
  min-width: 220px;
  max-width: calc(100vw - 24px);
  padding: 6px 0;
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.menu};
  &[hidden] { display: none; }
`

const Menu = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  .narrow-only { display: none; }
  @media ${NARROW} {
    .narrow-only { display: block; }
  }
`

const MenuHeader = styled.div`
  display: flex;
  flex-direction: column;
  padding: 8px 16px 10px;
  margin-bottom: 4px;
  border-bottom: 1px solid ${theme.color.border};
  color: ${theme.color.text};
  overflow-wrap: anywhere;
  span { font-size: 0.85rem; color: ${theme.color.muted}; }
`

const MenuItem = styled.button`
  display: block;
  width: 100%;
  min-height: 44px;
  padding: 10px 16px;
  border: 0;
  background: none;
  text-align: left;
  color: ${theme.color.text};
  cursor: pointer;
  &:hover, &:focus-visible { background: ${theme.color.primarySoft}; }
  /* The menu is a light surface inside the dark bar, whose light focus colour would not show on it. */
  &&:focus-visible { outline-offset: -3px; outline-color: ${theme.color.focus}; }
`
