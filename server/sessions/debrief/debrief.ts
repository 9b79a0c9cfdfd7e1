import type { RevealedDoctorCaseView } from '../../../schemas/case-views.ts'
import { doctorCaseView } from '../../../schemas/case-views.ts'
import type { Debrief, DebriefLink, ScoredAssessment } from '../../../schemas/debrief.ts'
import { stationResult, type DomainScore } from '../../../schemas/session/station-result.ts'
import type { CriterionScore } from '../../../schemas/session/types.ts'
import { findCaseVersion } from '../../content/case-versions.ts'
import { roundCase } from '../store/round-case.ts'
import type { Db } from '../../db/connect.ts'
import { FEEDBACK_ROUND_OVER, toLowerRole } from '../store/queries.ts'
import { roundNotes } from './round-notes.ts'

/**
 * Reads of the debrief. Who sat as a round's doctor is what its feedback says (`to_user_id`: the doctor those
 * scores were given to), so a debrief exists only for a round that was scored, as the session's own reveal
 * (session-view.ts `caseFor`) needs a scored case; and its case is the one those scores were given on.
 */

/** The feedback a user received as the doctor of one round of a session, with whether that round is over. */
function feedbackToDoctor(db: Db, sessionId: number, userId: number) {
  return db
    .selectFrom('feedback')
    .innerJoin('sessions', 'sessions.id', 'feedback.session_id')
    .where('feedback.session_id', '=', sessionId)
    .where('feedback.to_user_id', '=', userId)
}

export type DebriefAnswer = { kind: 'debrief'; debrief: Debrief } | { kind: 'notYet' } | { kind: 'none' } | { kind: 'caseGone' }

export async function debriefOf(db: Db, sessionId: number, round: number, userId: number): Promise<DebriefAnswer> {
  const rows = await feedbackToDoctor(db, sessionId, userId)
    .where('feedback.round', '=', round)
    .select(['feedback.case_id', 'feedback.from_name', 'feedback.from_role', 'feedback.criteria_scores', 'feedback.overall_performance', 'feedback.comment'])
    .select(['feedback.domain_scores', 'feedback.station_score', 'feedback.global_judgement', 'feedback.feedback_areas'])
    .select(['sessions.code', 'sessions.title'])
    .select(FEEDBACK_ROUND_OVER.as('over'))
    .orderBy('feedback.created_at')
    .orderBy('feedback.id')
    .execute()
  if (rows.length === 0) return { kind: 'none' }
  const [first] = rows
  if (!first.over) return { kind: 'notYet' }
  const played = first.case_id === null ? null : await roundCase(db, sessionId, round, Number(first.case_id))
  const fullCase = played ? await findCaseVersion(db, played.caseId, played.caseVersion) : undefined
  if (!fullCase) return { kind: 'caseGone' }
  return {
    kind: 'debrief',
    debrief: {
      sessionCode: first.code,
      sessionTitle: first.title,
      round,
      case: doctorCaseView(fullCase, true) as RevealedDoctorCaseView,
      feedback: rows.map((row) => ({
        fromUser: row.from_name,
        fromUserRole: toLowerRole(row.from_role),
        criteriaScores: row.criteria_scores as CriterionScore[],
        overallPerformance: row.overall_performance,
        comment: row.comment,
        // As stored when the feedback was given (docs/exam-marking.md), like the dashboard's cards.
        domainScores: row.domain_scores as DomainScore[],
        stationScore: row.station_score,
        globalJudgement: row.global_judgement,
        feedbackAreas: row.feedback_areas,
      })),
      selfAssessment: withStationResult(await savedSelfAssessment(db, sessionId, round, userId)),
      notes: fullCase.station ? await roundNotes(db, sessionId, round, fullCase.id, fullCase.station) : null,
    },
  }
}

/** A self-assessment is not stored with its station result: its scores carry their domains, so it is derived. */
const withStationResult = (saved: ScoredAssessment | null) => (saved ? { ...saved, ...stationResult(saved.criteriaScores) } : null)

/** The rounds of a session whose debrief the user may open now, oldest first. */
export async function debriefLinks(db: Db, sessionId: number, userId: number): Promise<DebriefLink[]> {
  const rows = await feedbackToDoctor(db, sessionId, userId)
    .where(FEEDBACK_ROUND_OVER)
    .where('feedback.case_id', 'is not', null)
    .select(['feedback.round', (eb) => eb.fn.max('feedback.case_title').as('case_title')])
    .groupBy('feedback.round')
    .orderBy('feedback.round')
    .execute()
  return rows.map((row) => ({ round: row.round, caseTitle: row.case_title }))
}

export async function savedSelfAssessment(db: Db, sessionId: number, round: number, userId: number): Promise<ScoredAssessment | null> {
  const row = await db
    .selectFrom('self_assessments')
    .select(['criteria_scores', 'overall_performance', 'comment'])
    .where('session_id', '=', sessionId)
    .where('round', '=', round)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? { criteriaScores: row.criteria_scores as CriterionScore[], overallPerformance: row.overall_performance, comment: row.comment } : null
}

export interface SelfAssessmentRow extends ScoredAssessment {
  sessionId: number
  round: number
  userId: number
  caseId: number
}

/** A later save of the same round replaces the earlier one: the doctor may change their mind while waiting. */
export async function saveSelfAssessment(db: Db, row: SelfAssessmentRow, now: Date): Promise<void> {
  const values = {
    session_id: row.sessionId,
    round: row.round,
    user_id: row.userId,
    case_id: row.caseId,
    criteria_scores: JSON.stringify(row.criteriaScores),
    overall_performance: row.overallPerformance,
    comment: row.comment,
    updated_at: now,
  }
  await db
    .insertInto('self_assessments')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['session_id', 'round', 'user_id']).doUpdateSet({
        criteria_scores: values.criteria_scores,
        overall_performance: values.overall_performance,
        comment: values.comment,
        updated_at: now,
      }),
    )
    .execute()
}
