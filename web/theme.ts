/**
 * Design tokens, imported directly by styled components (typed, no ThemeProvider needed).
 * Text colours are chosen for WCAG AA contrast on the surfaces they sit on.
 */
export const theme = {
  color: {
    primary: '#1e40af',
    primaryHover: '#1e3a8a',
    primarySoft: '#dbeafe',
    text: '#0f172a',
    muted: '#475569',
    background: '#f8fafc',
    surface: '#ffffff',
    /** Dividers and card edges: decoration only, so a light grey will do. */
    border: '#cbd5e1',
    /** A form control's edge is what shows there is a field at all: at least 3:1 on white (WCAG 1.4.11). */
    controlBorder: '#64748b',
    danger: '#b91c1c',
    dangerSoft: '#fef2f2',
    success: '#166534',
    successSoft: '#f0fdf4',
    /** Warnings before something the user may not want (6.8:1 on its soft background). */
    warning: '#92400e',
    warningSoft: '#fffbeb',
    /** Focus rings on light surfaces (5:1 on white); on the dark ones (nav bar, landing hero, footer) amber. */
    focus: '#b45309',
    focusOnDark: '#f59e0b',
    footer: '#0f172a',
    footerText: '#e2e8f0',
  },
  /** Session roles are recognised by colour everywhere (SPEC section 6); white text on each is at least 4.5:1. */
  role: {
    DOCTOR: '#2563eb',
    PATIENT: '#15803d',
    OBSERVER: '#7c3aed',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radius: { small: '6px', medium: '10px', large: '16px', round: '999px' },
  shadow: {
    card: '0 1px 3px rgba(15, 23, 42, 0.08), 0 4px 16px rgba(15, 23, 42, 0.06)',
    menu: '0 8px 24px rgba(15, 23, 42, 0.18)',
  },
  /** Content widths: forms stay narrow enough to read, pages wide enough for the landing grid. */
  width: { form: '440px', page: '1100px' },
} as const

/** Below this width the navigation folds its session links into the account menu. */
export const NARROW = '(max-width: 640px)'

