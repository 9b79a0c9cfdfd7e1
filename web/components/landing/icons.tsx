import type { ReactNode } from 'react'

/** Line icons drawn inline: emoji depend on the visitor's fonts, and an icon font would be a download. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

export const PeopleIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M17 14c2.6 0 4.5 1.8 4.5 4.5" />
  </Icon>
)

export const TimerIcon = () => (
  <Icon>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9 2h6" />
  </Icon>
)

export const FeedbackIcon = () => (
  <Icon>
    <path d="M4 4h16v12H8l-4 4z" />
    <path d="M8 9h8M8 12h5" />
  </Icon>
)

export const StethoscopeIcon = () => (
  <Icon>
    <path d="M5 3v6a5 5 0 0 0 10 0V3" />
    <path d="M10 14v2a5 5 0 0 0 10 0v-2" />
    <circle cx="20" cy="12" r="2" />
  </Icon>
)

export const SwapIcon = () => (
  <Icon>
    <path d="M4 8h14l-4-4M20 16H6l4 4" />
  </Icon>
)

export const ChartIcon = () => (
  <Icon>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4 3 3 6-7" />
  </Icon>
)
