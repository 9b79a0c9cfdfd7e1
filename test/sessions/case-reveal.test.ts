import t from 'tap'
import { sql } from 'kysely'
import { feedbackPhaseOver } from '../../schemas/session/case-reveal.ts'
import type { SessionStatus } from '../../schemas/session/types.ts'
import { FEEDBACK_ROUND_OVER } from '../../server/sessions/store/queries.ts'
import { databaseKind, freshDatabase } from '../helpers/db.ts'

const database = await freshDatabase()
t.teardown(() => database.close())

const STATUSES: SessionStatus[] = ['CREATED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']
const ROUNDS = [1, 2]
const CASES = [null, 5, 6]

/**
 * The SQL form of "the doctor may see the round's case whole" (FEEDBACK_ROUND_OVER, for feedback rows) says what
 * the rule of schemas/session/case-reveal.ts says, for every session standing against every scored round.
 */
t.test(`FEEDBACK_ROUND_OVER answers as feedbackPhaseOver for every combination (${databaseKind()})`, async (t) => {
  const sessions = STATUSES.flatMap((status) => ROUNDS.flatMap((currentRound) => CASES.map((caseId) => ({ status, currentRound, caseId }))))
  const rounds = ROUNDS.flatMap((round) => CASES.map((caseId) => ({ round, caseId })))
  const values = (rows: unknown[][]) => sql.join(rows.map((row) => sql`(${sql.join(row)})`))
  const { rows } = await sql<{ status: SessionStatus; current_round: number; session_case: number | null; round: number; round_case: number | null; over: boolean }>`
    with sessions(status, current_round, case_id) as (values ${values(sessions.map((s) => [s.status, s.currentRound, sql`${s.caseId}::integer`]))}),
      feedback(round, case_id) as (values ${values(rounds.map((r) => [r.round, sql`${r.caseId}::integer`]))})
    select sessions.status, sessions.current_round, sessions.case_id as session_case, feedback.round, feedback.case_id as round_case,
      ${FEEDBACK_ROUND_OVER} as over
    from sessions, feedback`.execute(database.db)

  t.equal(rows.length, sessions.length * rounds.length)
  const disagreeing = rows.filter((row) => {
    const expected = feedbackPhaseOver({ status: row.status, currentRound: row.current_round, caseId: row.session_case }, { round: row.round, caseId: row.round_case, scored: true })
    return row.over !== expected
  })
  t.same(disagreeing, [])
  t.ok(rows.some((row) => row.over) && rows.some((row) => !row.over), 'both answers occur')
})

t.test('a round nobody scored stays hidden, even once the session ended', async (t) => {
  const ended = { status: 'COMPLETED' as const, currentRound: 1, caseId: 5 }
  t.equal(feedbackPhaseOver(ended, { round: 1, caseId: 5, scored: false }), false)
  t.equal(feedbackPhaseOver(ended, { round: 1, caseId: 5, scored: true }), true)
  t.equal(feedbackPhaseOver({ ...ended, status: 'IN_PROGRESS' }, { round: 1, caseId: 5, scored: true }), false, 'still in the round')
  t.equal(feedbackPhaseOver({ ...ended, status: 'IN_PROGRESS', currentRound: 2 }, { round: 1, caseId: 5, scored: true }), true, 'the session moved on')
})
