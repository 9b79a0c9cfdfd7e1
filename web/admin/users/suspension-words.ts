import type { AdminUserView } from '../../../schemas/api/admin.ts'

type Suspension = Pick<AdminUserView, 'suspended' | 'suspendedUntil'>

/** How long a suspension lasts, in words: "until 12 Dec 2026, 14:00" (this browser's zone and language) or "for good". */
export function suspensionLength(user: Suspension): string {
  if (!user.suspendedUntil) return 'for good'
  const format = new Intl.DateTimeFormat(navigator.language || 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  return `until ${format.format(Date.parse(user.suspendedUntil))}`
}

/** An account's state for the admins' list: "Suspended until 12 Dec 2026, 14:00", "Suspended for good" or "Active". */
export const accountState = (user: Suspension): string => (user.suspended ? `Suspended ${suspensionLength(user)}` : 'Active')
