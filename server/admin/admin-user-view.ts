import type { AdminUserView } from '../../schemas/api/admin.ts'
import { isSuspendedAt } from '../../schemas/partners/suspension.ts'
import { userView } from '../accounts/user-view.ts'
import type { UserRow } from '../db/schema.ts'

/**
 * A users row as the admins' list shows it: the user of WIRE.md plus its suspension now (issue 36). A suspension
 * that has run out shows as none, as sign-in treats it.
 */
export function adminUserView(row: UserRow, now: number): AdminUserView {
  const suspended = isSuspendedAt(row, now)
  return {
    ...userView(row),
    suspended,
    suspendedUntil: suspended && row.suspended_until ? new Date(row.suspended_until).toISOString() : null,
    suspensionReason: suspended ? row.suspension_reason : null,
  }
}
