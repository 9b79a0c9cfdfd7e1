import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { FeedbackArea, GlobalJudgement } from '../../schemas/marking.ts'
import type { DomainScore } from '../../schemas/session/station-result.ts'
import type { SessionStatus } from '../../schemas/session/types.ts'
import type { StationType } from '../../schemas/station/station.ts'
import type { SoloSavedMarks } from '../../schemas/solo/solo-wire.ts'
import type {
  CaseContributionEventsTable,
  CaseContributionsTable,
  CaseProblemReportsTable,
  CaseRatingsTable,
  CaseRecallDatesTable,
  CasesTable,
  CaseVersionsTable,
  CategoriesTable,
} from './case-bank-tables.ts'
import type {
  CandidateReportsTable,
  PartnerInvitationsTable,
  PartnerRemovalsTable,
  PlannedAttendanceTable,
  TimeProposalsTable,
  UserBlocksTable,
  WeeklyHoursTable,
} from './partner-tables.ts'

export type * from './case-bank-tables.ts'
export type * from './partner-tables.ts'

/** The table map: one interface per table, snake_case as in the database. */
export interface Database {
  users: UsersTable
  password_reset_tokens: PasswordResetTokensTable
  session_events: SessionEventsTable
  session_commands: SessionCommandsTable
  categories: CategoriesTable
  cases: CasesTable
  case_recall_dates: CaseRecallDatesTable
  sessions: SessionsTable
  session_participants: SessionParticipantsTable
  feedback: FeedbackTable
  user_latest_joins: UserLatestJoinsTable
  live_presence: LivePresenceTable
  live_instances: LiveInstancesTable
  rate_limit_hits: RateLimitHitsTable
  erased_accounts: ErasedAccountsTable
  self_assessments: SelfAssessmentsTable
  board_listings: BoardListingsTable
  board_jobs: BoardJobsTable
  contact_messages: ContactMessagesTable
  mock_result_shares: MockResultSharesTable
  solo_stations: SoloStationsTable
  case_versions: CaseVersionsTable
  case_contributions: CaseContributionsTable
  case_contribution_events: CaseContributionEventsTable
  case_ratings: CaseRatingsTable
  case_problem_reports: CaseProblemReportsTable
  weekly_hours: WeeklyHoursTable
  time_proposals: TimeProposalsTable
  planned_attendance: PlannedAttendanceTable
  partner_removals: PartnerRemovalsTable
  partner_invitations: PartnerInvitationsTable
  user_blocks: UserBlocksTable
  candidate_reports: CandidateReportsTable
  admin_session_lookups: AdminSessionLookupsTable
}

/** Issue 37: who looked at which session, and at what (migrations/0020). */
export interface AdminSessionLookupsTable {
  id: Generated<number>
  admin_id: number | null
  session_id: number | null
  looked_at: string
  at: ColumnType<Date, Date | string | undefined, never>
}

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>

export interface UsersTable {
  id: Generated<number>
  name: string
  email: string
  password_hash: string | null
  role: 'USER' | 'ADMIN' | 'REVIEWER'
  provider: 'LOCAL' | 'GOOGLE'
  google_id: string | null
  token_version: Generated<number>
  created_at: CreatedAt
  /** Find Partners (issue 20): yyyy-mm, an IANA time zone, and whether the user stays off the board. */
  exam_month: Generated<string | null>
  time_zone: Generated<string | null>
  hidden_from_board: Generated<boolean>
  /** Suspended (issue 36) while suspended_at is set and suspended_until is null (for good) or to come. */
  suspended_at: Generated<Date | null>
  suspended_until: Generated<Date | null>
  suspension_reason: Generated<string | null>
}
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>

export interface PasswordResetTokensTable {
  token_hash: string
  user_id: number
  expires_at: Date
  used_at: Date | null
}

export interface SessionEventsTable {
  session_id: number
  version: number
  type: string
  payload: ColumnType<unknown, string, never>
  actor_user_id: number | null
  command_id: string | null
  recorded_at: CreatedAt
}
export type SessionEventRow = Selectable<SessionEventsTable>

export interface SessionCommandsTable {
  session_id: number
  command_id: string
  first_version: number
  last_version: number
}

/** JSONB columns are written as JSON text (node-postgres would send a JS array as a Postgres array). */
export type Json<T> = ColumnType<T, string, string>

/** Read models of the session log (migrations/0003): written with the events, rebuildable from them. */
export interface SessionsTable {
  id: number
  code: string
  title: string
  host_user_id: number
  status: SessionStatus
  phase: 'WAITING' | 'READING' | 'CONSULTATION' | 'FEEDBACK' | 'COMPLETED'
  current_round: number
  case_id: number | null
  session_type: string
  selected_topics: Json<string[]>
  config: Json<unknown>
  timer: ColumnType<unknown, string | null, string | null>
  deadline_at: Date | null
  ended_reason: string | null
  version: number
  created_at: Date
  started_at: Date | null
  ended_at: Date | null
}
export type SessionRow = Selectable<SessionsTable>

export interface SessionParticipantsTable {
  session_id: number
  user_id: number
  name: string
  role: 'DOCTOR' | 'PATIENT' | 'OBSERVER'
  active: boolean
  has_completed: boolean
  has_given_feedback: boolean
  joined_at: Date
}

export interface FeedbackTable {
  id: Generated<number>
  session_id: number
  event_version: number
  from_user_id: number
  from_name: string
  from_role: string
  to_user_id: number
  case_id: number | null
  case_title: string
  category_name: string
  round: number
  comment: string
  criteria_scores: Json<unknown>
  overall_performance: number
  created_at: Date
  global_judgement: GlobalJudgement | null
  feedback_areas: Json<FeedbackArea[]>
  /** The station result at submission (schemas/session/station-result.ts): the three domains in DOMAINS order. */
  domain_scores: Json<DomainScore[]>
  station_score: number | null
}

/** The session each user created or joined last (committed last): the one their other sessions give way to. */
export interface UserLatestJoinsTable {
  user_id: number
  session_id: number
}

/** A user's live connection to a session on one server instance: it counts while its instance's stamp is fresh. */
export interface LivePresenceTable {
  instance_id: string
  session_code: string
  user_id: number
}

/** A server instance, stamped by its heartbeat: its live_presence rows count while the stamp is fresh. */
export interface LiveInstancesTable {
  instance_id: string
  last_seen: ColumnType<Date, Date | string, Date | string>
}

/** One rate-limit counter (route and key), shared by every instance. */
export interface RateLimitHitsTable {
  key: string
  hits: number
  window_ends_at: ColumnType<Date, Date | string, Date | string>
}

/** The ids of deleted accounts (migrations/0007): a read-model rebuild leaves out the feedback they received. */
export interface ErasedAccountsTable {
  user_id: number
  erased_at: CreatedAt
}

/** A doctor's private self-assessment of one round (migrations/0006): theirs alone, shown in their debrief. */
export interface SelfAssessmentsTable {
  session_id: number
  round: number
  user_id: number
  case_id: number | null
  criteria_scores: Json<unknown>
  overall_performance: number
  comment: string
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>
}

export type ListingStatus = 'OPEN' | 'CANCELLED' | 'EXPIRED' | 'REMOVED'

/** A session listed on the Find Partners board: now (starts_at null) or at a planned time. */
export interface BoardListingsTable {
  id: Generated<number>
  session_id: number
  host_user_id: number
  starts_at: Date | null
  patient_seat: boolean
  observer_seats: number
  note: string
  status: Generated<ListingStatus>
  created_at: CreatedAt
}

/** A planned slot's mail job: REMIND 15 minutes before, OPEN at the time (or expiry when nobody joined). */
export interface BoardJobsTable {
  id: Generated<number>
  listing_id: number
  /** REMIND_HOUR 60 and REMIND 15 minutes before, OPEN at the time, ATTEND ten minutes after (issue 36). */
  kind: 'REMIND_HOUR' | 'REMIND' | 'OPEN' | 'ATTEND'
  due_at: ColumnType<Date, Date | string, Date | string>
  claimed_until: ColumnType<Date | null, Date | string | null, Date | string | null>
  done_at: ColumnType<Date | null, Date | string | null, Date | string | null>
}

/** A message sent from the landing's contact form (migrations/0014), until an admin deletes it. */
export interface ContactMessagesTable {
  id: Generated<number>
  name: string
  email: string
  message: string
  received_at: CreatedAt
  handled_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  handled_by: string | null
}

/** A private link to a candidate's mock exam result sheet (issue 33); withdrawn links stay, marked. */
export interface MockResultSharesTable {
  token: string
  session_id: number
  user_id: number
  created_at: CreatedAt
  revoked_at: ColumnType<Date | null, Date | string | null, Date | string | null>
}

/** A station practised alone (issue 34): its clock in epoch ms, and the candidate's marks of themselves. */
export interface SoloStationsTable {
  id: Generated<number>
  user_id: number
  case_id: number | null
  case_title: string
  topic: string
  station_type: StationType | null
  started_at: number
  reading_seconds: number
  consultation_seconds: number
  consultation_started_at: number | null
  case_version: ColumnType<number | null, number | null | undefined, number | null>
  ended_at: number | null
  marks: ColumnType<SoloSavedMarks | null, string | null, string | null>
  station_score: number | null
  marked_at: ColumnType<Date | null, Date | null, Date | null>
  created_at: CreatedAt
}
