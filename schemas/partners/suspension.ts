/** An account's suspension (issue 36): the one rule of whether it holds now, and the words a refused sign-in shows. */

export interface SuspensionFields {
  suspended_at: Date | string | null
  suspended_until: Date | string | null
}

export function isSuspendedAt(user: SuspensionFields, now: number): boolean {
  if (!user.suspended_at) return false
  return user.suspended_until === null || new Date(user.suspended_until).getTime() > now
}

/** The message a suspended account's sign-in and requests get. The date is written in UTC: it goes to any reader. */
export function suspendedMessage(user: SuspensionFields & { suspension_reason: string | null }): string {
  const until = user.suspended_until
    ? `until ${new Date(user.suspended_until).toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'permanently'
  const reason = user.suspension_reason ? ` Reason: ${user.suspension_reason.replace(/[.!?]?$/, (end) => end || '.')}` : ''
  return `Your account is suspended ${until}.${reason} If you think this is a mistake, write to us through the contact form.`
}
