import { sql, type Transaction } from 'kysely'
import { FORMER_USER } from '../../schemas/session/types.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { conflict } from '../errors.ts'
import { ratingsOf, reportsOf } from '../case-feedback/feedback-repo.ts'
import { feedbackReceived } from '../sessions/store/queries.ts'
import { contributionsOf, eraseContributions, eraseReviewMessages, reviewMessagesOf } from '../contributions/contribution-personal-data.ts'
import { blocksOf, candidateReportsOf, eraseBlocks, eraseCandidateReports } from '../partners/safety-personal-data.ts'
import { erasePartnerInvitations, erasePartnerRemovals, erasePlannedAttendance, partnerInvitationsOf, partnerRemovalsOf, plannedAttendanceOf } from '../partners/partner-personal-data.ts'
import { weeklyHoursOf } from '../partners/hours-repo.ts'
import { proposalsForExport } from '../partners/proposals-repo.ts'
import { eraseLookupsBy, lookupsBy } from '../sessions/admin/lookups.ts'
import { accountRecord, feedbackGivenBy, passwordResetRequestsOf, boardListingsOf, selfAssessmentsOf, sessionActivityOf, sessionsOf, soloStationsOf } from './personal-data-queries.ts'

type Trx = Transaction<Database>

/**
 * One kind of data the database holds about a user: what "Download all my data" gives them, and what "Delete my
 * account" does to it. A table with a user reference gets an entry here (after the account), and both follow.
 */
export interface PersonalData {
  /** Its key in the export; null for rows that only run the service (presence, the latest join). */
  exportAs: string | null
  collect?: (db: Db, userId: number) => Promise<unknown>
  /** Removes it, or leaves what others keep with the name replaced by FORMER_USER; inside the deletion's transaction. */
  erase: (trx: Trx, userId: number) => Promise<unknown>
}

/** The sessions a user appears in: the log's redactions look only there (the log's key starts with the session). */
const sessionsWith = (trx: Trx, userId: number) => trx.selectFrom('session_participants').select('session_id').where('user_id', '=', userId)

/**
 * The session log is kept for dispute replay, so it is redacted, not deleted (migrations/0007 allows exactly
 * this): their name where they joined or created, and the comments of feedback they received. Ids stay: with the
 * account and every name gone, they point at nobody.
 */
async function redactSessionLog(trx: Trx, userId: number) {
  const former = JSON.stringify(FORMER_USER)
  const redact = (type: string, idKey: string, field: string, value: string) =>
    trx
      .updateTable('session_events')
      // The table's type allows no update (append-only): this is the one redaction its trigger lets through.
      .set({ payload: sql`jsonb_set(payload, ${sql.val(`{${field}}`)}::text[], ${value}::jsonb)` as never })
      .where('session_id', 'in', sessionsWith(trx, userId))
      .where('type', '=', type)
      .where(sql<string>`payload ->> ${sql.val(idKey)}`, '=', String(userId))
      .execute()
  await redact('SessionCreated', 'hostUserId', 'hostName', former)
  await redact('ParticipantJoined', 'userId', 'name', former)
  await redact('FeedbackSubmitted', 'toUserId', 'comment', '""')
}

export const PERSONAL_DATA: PersonalData[] = [
  {
    exportAs: 'account',
    collect: accountRecord,
    erase: async (trx, userId) => {
      await trx.insertInto('erased_accounts').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute()
      return trx.deleteFrom('users').where('id', '=', userId).execute()
    },
  },
  {
    exportAs: 'passwordResetRequests',
    collect: passwordResetRequestsOf,
    erase: (trx, userId) => trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute(),
  },
  {
    exportAs: 'sessions',
    collect: sessionsOf,
    erase: (trx, userId) => trx.updateTable('session_participants').set({ name: FORMER_USER }).where('user_id', '=', userId).execute(),
  },
  {
    // Their comments stay with the people they helped, from "Former user".
    exportAs: 'feedbackGiven',
    collect: feedbackGivenBy,
    erase: (trx, userId) => trx.updateTable('feedback').set({ from_name: FORMER_USER }).where('from_user_id', '=', userId).execute(),
  },
  {
    exportAs: 'feedbackReceived',
    collect: feedbackReceived,
    erase: (trx, userId) => trx.deleteFrom('feedback').where('to_user_id', '=', userId).execute(),
  },
  { exportAs: 'sessionActivity', collect: sessionActivityOf, erase: redactSessionLog },
  { exportAs: 'boardListings', collect: boardListingsOf, erase: (trx, userId) => trx.deleteFrom('board_listings').where('host_user_id', '=', userId).execute() },
  { exportAs: 'selfAssessments', collect: selfAssessmentsOf, erase: (trx, userId) => trx.deleteFrom('self_assessments').where('user_id', '=', userId).execute() },
  { exportAs: 'soloStations', collect: soloStationsOf, erase: (trx, userId) => trx.deleteFrom('solo_stations').where('user_id', '=', userId).execute() },
  { exportAs: 'caseContributions', collect: contributionsOf, erase: eraseContributions },
  { exportAs: 'caseReviewMessages', collect: reviewMessagesOf, erase: eraseReviewMessages },
  { exportAs: 'caseRatings', collect: ratingsOf, erase: (trx, userId) => trx.deleteFrom('case_ratings').where('user_id', '=', userId).execute() },
  {
    // A problem found in a case stays for the reviewers, from nobody; a reviewer's closing note stays, unsigned.
    exportAs: 'caseProblemReports',
    collect: reportsOf,
    erase: async (trx, userId) => {
      await trx.updateTable('case_problem_reports').set({ reporter_id: null }).where('reporter_id', '=', userId).execute()
      return trx.updateTable('case_problem_reports').set({ resolved_by: null }).where('resolved_by', '=', userId).execute()
    },
  },
  // Only what they did: the blocks and reports about them would say who blocked or reported them (issue 36).
  { exportAs: 'blocks', collect: blocksOf, erase: eraseBlocks },
  { exportAs: 'candidateReports', collect: candidateReportsOf, erase: eraseCandidateReports },
  { exportAs: 'weeklyHours', collect: weeklyHoursOf, erase: (trx, userId) => trx.deleteFrom('weekly_hours').where('user_id', '=', userId).execute() },
  {
    // Times proposed both ways: the other person named, never their address; both ways go with the account.
    exportAs: 'timeProposals',
    collect: proposalsForExport,
    erase: (trx, userId) => trx.deleteFrom('time_proposals').where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)])).execute(),
  },
  // Attendance of planned sessions, partners removed and invitations to practise again (issue 36).
  { exportAs: 'plannedAttendance', collect: plannedAttendanceOf, erase: erasePlannedAttendance },
  { exportAs: 'partnersRemoved', collect: partnerRemovalsOf, erase: erasePartnerRemovals },
  { exportAs: 'partnerInvitations', collect: partnerInvitationsOf, erase: erasePartnerInvitations },
  // An admin's looks at sessions (issue 37): kept for the record, naming nobody once the admin is gone.
  { exportAs: 'sessionLookups', collect: lookupsBy, erase: eraseLookupsBy },
  { exportAs: null, erase: (trx, userId) => trx.deleteFrom('user_latest_joins').where('user_id', '=', userId).execute() },
  { exportAs: null, erase: (trx, userId) => trx.deleteFrom('live_presence').where('user_id', '=', userId).execute() },
]

/** Everything the export holds, in the order of PERSONAL_DATA. */
export async function collectPersonalData(db: Db, userId: number, now: Date): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { exportedAt: now.toISOString() }
  for (const part of PERSONAL_DATA) if (part.exportAs && part.collect) data[part.exportAs] = await part.collect(db, userId)
  return data
}

/**
 * Erases every part in one transaction: a failure leaves the account whole, to be deleted again. The last
 * administrator is refused, with every admin row locked (as the admin panel's delete does), so two admins
 * leaving at once cannot leave none.
 */
export function erasePersonalData(db: Db, userId: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const admins = await trx.selectFrom('users').select('id').where('role', '=', 'ADMIN').orderBy('id').forUpdate().execute()
    if (admins.length === 1 && admins[0].id === userId) throw conflict(LAST_ADMIN)
    // Last to first: the account row (first) goes after every row that may refer to it.
    for (const part of [...PERSONAL_DATA].reverse()) await part.erase(trx, userId)
  })
}

export const LAST_ADMIN = 'You are the only administrator: make someone else an administrator before deleting your account.'
