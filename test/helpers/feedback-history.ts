import { FEEDBACK_AREAS, type Domain, type FeedbackArea, type GlobalJudgement } from '../../schemas/marking.ts'
import { overallPerformance } from '../../schemas/session/feedback-scores.ts'
import { stationResult } from '../../schemas/session/station-result.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'
import type { Db } from '../../server/db/connect.ts'

/**
 * A candidate's feedback history written straight into the read models (sessions and feedback rows), with the
 * station result derived by the product's own stationResult, for the progress tests and bench: a history of
 * months cannot be played through the session commands in a test's time.
 */

export interface SeededCriterion {
  name: string
  /** Left out for feedback given before domains existed. */
  domain?: Domain | null
  score?: number
  subScores?: number[]
}

export interface FeedbackSeed {
  toUserId: number
  sessionId: number
  round: number
  fromRole: 'PATIENT' | 'OBSERVER'
  at: Date
  category: string
  criteria: SeededCriterion[]
  judgement?: GlobalJudgement | null
  areas?: FeedbackArea[]
  comment?: string
  caseTitle?: string
  /** The session is still on this round: its feedback is not shown to the doctor yet. */
  running?: boolean
  /** The case marked, when a test needs it (pass marks). */
  caseId?: number
}

/** Three criteria, one per domain, with these scores: a station graded in every domain. */
export const gradedCriteria = (dataGathering: number, management: number, interpersonal: number): SeededCriterion[] => [
  { name: 'History taking', domain: 'DATA_GATHERING', score: dataGathering },
  { name: 'Management plan', domain: 'CLINICAL_MANAGEMENT', score: management },
  { name: 'Rapport', domain: 'INTERPERSONAL', score: interpersonal },
]

function criterionScores(criteria: SeededCriterion[]): CriterionScore[] {
  return criteria.map((criterion, index) => ({
    criterionId: `c${index}`,
    criterionName: criterion.name,
    ...(criterion.domain === undefined ? {} : { domain: criterion.domain }),
    score: criterion.subScores ? null : (criterion.score ?? null),
    subScores: (criterion.subScores ?? []).map((score, subIndex) => ({ subCriterionId: `c${index}s${subIndex}`, subCriterionName: `Part ${subIndex + 1}`, score })),
  }))
}

const BATCH = 500
// Feedback rows are unique per (session, event version): one counter for every call, so calls may share sessions.
let eventVersion = 0

export async function seedFeedback(db: Db, seeds: FeedbackSeed[]): Promise<void> {
  const sessions = new Map<number, FeedbackSeed>()
  for (const seed of seeds) if (!sessions.has(seed.sessionId) || seed.running) sessions.set(seed.sessionId, seed)
  const sessionRows = [...sessions.values()].map((seed) => ({
    id: seed.sessionId,
    code: `SEED-${seed.sessionId}`,
    title: `Practice ${seed.sessionId}`,
    host_user_id: seed.toUserId,
    status: seed.running ? ('IN_PROGRESS' as const) : ('COMPLETED' as const),
    phase: seed.running ? ('FEEDBACK' as const) : ('COMPLETED' as const),
    current_round: seed.round,
    case_id: null,
    session_type: 'TOPIC',
    selected_topics: '[]',
    config: '{}',
    timer: null,
    version: 1,
    created_at: seed.at,
  }))
  for (let start = 0; start < sessionRows.length; start += BATCH) {
    await db.insertInto('sessions').values(sessionRows.slice(start, start + BATCH)).onConflict((oc) => oc.column('id').doNothing()).execute()
  }
  const feedbackRows = seeds.map((seed) => {
    const scores = criterionScores(seed.criteria)
    const result = stationResult(scores)
    return {
      session_id: seed.sessionId,
      event_version: (eventVersion += 1),
      from_user_id: seed.fromRole === 'PATIENT' ? 900_001 : 900_002,
      from_name: seed.fromRole === 'PATIENT' ? 'Pat Patient' : 'Olive Observer',
      from_role: seed.fromRole,
      to_user_id: seed.toUserId,
      case_id: seed.caseId ?? null,
      case_title: seed.caseTitle ?? `${seed.category} case`,
      category_name: seed.category,
      round: seed.round,
      comment: seed.comment ?? '',
      criteria_scores: JSON.stringify(scores),
      overall_performance: overallPerformance(scores),
      created_at: seed.at,
      global_judgement: seed.judgement ?? null,
      // Stored in the vocabulary's order, as the product stores them.
      feedback_areas: JSON.stringify(FEEDBACK_AREAS.filter((area) => seed.areas?.includes(area))),
      domain_scores: JSON.stringify(result.domainScores),
      station_score: result.stationScore,
    }
  })
  for (let start = 0; start < feedbackRows.length; start += BATCH) {
    await db.insertInto('feedback').values(feedbackRows.slice(start, start + BATCH)).execute()
  }
}
