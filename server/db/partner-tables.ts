import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './schema.ts'

/** Partners who show up (issue 36, migrations/0019_partners.ts). */

type Stamp = ColumnType<Date, Date | string, Date | string>
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

/** One stretch of a user's weekly free hours, in their own zone: weekday 0 (Monday) to 6, minutes from midnight. */
export interface WeeklyHoursTable {
  user_id: number
  weekday: number
  start_minute: number
  end_minute: number
}

export type ProposalStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'COUNTERED' | 'WITHDRAWN'

export interface TimeProposalsTable {
  id: Generated<number>
  from_user_id: number
  to_user_id: number
  listing_id: number | null
  starts_at: Stamp
  note: Generated<string>
  status: Generated<ProposalStatus>
  replaces_id: number | null
  session_id: number | null
  created_at: CreatedAt
  answered_at: MaybeStamp
}

export interface PlannedAttendanceTable {
  listing_id: number
  user_id: number
  starts_at: Stamp
  arrived_at: MaybeStamp
  came: boolean | null
}

export interface PartnerRemovalsTable {
  user_id: number
  partner_id: number
  removed_at: Stamp
}

export interface PartnerInvitationsTable {
  id: Generated<number>
  from_user_id: number
  to_user_id: number
  session_id: number
  created_at: CreatedAt
}

export interface UserBlocksTable {
  blocker_id: number
  blocked_id: number
  created_at: CreatedAt
}

export type CandidateReportStatus = 'OPEN' | 'CLOSED'

export interface CandidateReportsTable {
  id: Generated<number>
  reporter_id: number
  reported_id: number
  session_id: number | null
  reason: string
  details: Generated<string>
  status: Generated<CandidateReportStatus>
  admin_note: Generated<string>
  closed_by: number | null
  closed_at: MaybeStamp
  created_at: CreatedAt
}
