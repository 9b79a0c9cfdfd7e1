import { Migrator, sql } from 'kysely'
import t from 'tap'
import { migrateToLatest, migrationProvider } from '../../server/db/migrate.ts'
import { listCases } from '../../server/content/cases-repo.ts'
import { feedbackReceived } from '../../server/sessions/store/queries.ts'
import { unmigratedDatabase } from '../helpers/db.ts'

/**
 * Migration 0005 on a database that already holds cases and feedback from before domains (PGlite by default,
 * PostgreSQL with DATABASE_URL): criteria come out unassigned, old feedback ungraded, and nothing else changes.
 */

const database = await unmigratedDatabase()
t.teardown(() => database.close())
const db = database.db as any
const migrator = new Migrator({ db, provider: migrationProvider })

const oldCriteria = [
  { id: 'c1', name: 'History', order: 0, hasSubCriteria: false, subCriteria: [] },
  { id: 'c2', name: 'Plan', order: 1, hasSubCriteria: true, subCriteria: [{ id: 's1', name: 'Safety net', order: 0 }] },
]
const oldScores = [
  { criterionId: 'c1', criterionName: 'History', score: 3, subScores: [] },
  { criterionId: 'c2', criterionName: 'Plan', score: null, subScores: [{ subCriterionId: 's1', subCriterionName: 'Safety net', score: 2 }] },
]

t.test('before: the schema of 0004 with a case and a feedback row', async (t) => {
  const { error } = await migrator.migrateTo('0004_cluster_coordination')
  t.error(error)
  const [category] = await db.insertInto('categories').values({ name: 'Cardiology' }).returning('id').execute()
  await db.insertInto('cases').values({ title: 'Chest pain', category_id: category.id, feedback_criteria: JSON.stringify(oldCriteria) }).execute()
  await db.insertInto('cases').values({ title: 'No criteria', category_id: category.id }).execute()
  await db.insertInto('users').values({ name: 'Doctor', email: 'doc@example.com', password_hash: 'x', provider: 'LOCAL', role: 'USER' }).execute()
  const [doctor] = await db.selectFrom('users').select('id').execute()
  await db
    .insertInto('sessions')
    .values({
      id: 1, code: 'ABCD2345', title: 'Old', host_user_id: doctor.id, status: 'COMPLETED', phase: 'COMPLETED', current_round: 1,
      session_type: 'TOPIC', selected_topics: '[]', config: '{}', version: 9, created_at: new Date('2026-01-01T10:00:00Z'),
    })
    .execute()
  await db
    .insertInto('feedback')
    .values({
      session_id: 1, event_version: 7, from_user_id: 99, from_name: 'Observer', from_role: 'OBSERVER', to_user_id: doctor.id,
      case_title: 'Chest pain', category_name: 'Cardiology', round: 1, comment: 'Fine', criteria_scores: JSON.stringify(oldScores),
      overall_performance: 5, created_at: new Date('2026-01-01T10:20:00Z'),
    })
    .execute()
})

t.test('after: criteria unassigned, old feedback ungraded with no judgement or areas', async (t) => {
  const applied = await migrateToLatest(db)
  t.ok(applied.includes('0005_exam_marking'), applied.join(', '))

  const cases = await listCases(db)
  const chestPain = cases.find((c) => c.title === 'Chest pain')!
  t.same(chestPain.feedbackCriteria.map((c) => [c.id, c.domain, c.order, c.subCriteria.length]), [['c1', null, 0, 0], ['c2', null, 1, 1]])
  t.same(cases.find((c) => c.title === 'No criteria')!.feedbackCriteria, [])

  const [doctor] = await db.selectFrom('users').select('id').execute()
  const [item] = await feedbackReceived(db, doctor.id)
  t.same(item.criteriaScores, oldScores, 'the scores as they were given')
  t.equal(item.overallPerformance, 5)
  t.equal(item.globalJudgement, null)
  t.same(item.feedbackAreas, [])
  t.equal(item.stationScore, null)
  t.same(item.domainScores.map((d) => [d.domain, d.mean, d.grade, d.points, d.criteriaCount]), [
    ['DATA_GATHERING', null, null, null, 0],
    ['CLINICAL_MANAGEMENT', null, null, null, 0],
    ['INTERPERSONAL', null, null, null, 0],
  ])
})

t.test('the new columns refuse what the exam does not have', async (t) => {
  const update = (values: Record<string, unknown>) => db.updateTable('feedback').set(values).execute()
  await t.rejects(update({ global_judgement: 'EXCELLENT' }), 'an unknown judgement')
  await t.rejects(update({ station_score: 13 }), 'a station score above 12')
  await t.rejects(update({ feedback_areas: '{"TIME": true}' }), 'areas that are not a list')
  const { rows } = await sql<{ defaulted: string | null }>`select column_default as defaulted from information_schema.columns
    where table_name = 'feedback' and column_name = 'domain_scores'`.execute(db)
  t.equal(rows[0].defaulted, null, 'no default left behind: new rows always get the projection\'s result')
})

t.test('down and up again', async (t) => {
  t.error((await migrator.migrateTo('0004_cluster_coordination')).error)
  const [criteria] = await db.selectFrom('cases').select('feedback_criteria').where('title', '=', 'Chest pain').execute()
  t.same(criteria.feedback_criteria, oldCriteria)
  await migrateToLatest(db)
})
