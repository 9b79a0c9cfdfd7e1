import t from 'tap'
import { DEFAULT_PASS_MARK, MIN_MARKS_FOR_REGRESSION, passMarkSource } from '../../schemas/mock/pass-marks.ts'
import type { GlobalJudgement } from '../../schemas/marking.ts'
import { passMarksOf } from '../../server/mock/pass-marks.ts'
import { databaseKind, freshDatabase } from '../helpers/db.ts'
import { gradedCriteria, seedFeedback, type FeedbackSeed } from '../helpers/feedback-history.ts'

/** Borderline regression in SQL (issue 33), on this run's database (PGlite, or PostgreSQL with DATABASE_URL). */

const database = await freshDatabase()
t.teardown(() => database.close())
const { db } = database

const category = await db.insertInto('categories').values({ name: 'Cardiology', description: null }).returning('id').executeTakeFirstOrThrow()
const newCase = async (title: string) => {
  const row = { title, category_id: category.id, description: '', doctor_notes: '', patient_notes: '', doctor_sections: '[]', patient_sections: '[]', visual_data: null, image_url: null, feedback_criteria: '[]', is_recall_case: false, station: null }
  return Number((await db.insertInto('cases').values(row).returning('id').executeTakeFirstOrThrow()).id)
}
const [regressed, tooFew, oneJudgement, unmarked] = [await newCase('Chest pain'), await newCase('Palpitations'), await newCase('Syncope'), await newCase('Murmur')]

let session = 1
/** A mark whose station score is the three domain grades' points (each criterion 0-4 gives its grade directly). */
const mark = (caseId: number, judgement: GlobalJudgement, points: [number, number, number]): FeedbackSeed => ({
  toUserId: 1,
  sessionId: session++,
  round: 1,
  fromRole: 'OBSERVER',
  at: new Date('2026-11-01T10:00:00Z'),
  category: 'Cardiology',
  criteria: gradedCriteria(...points),
  judgement,
  caseId,
})

// Scores (x = judgement 0-3, y = station score): (0,3) (0,4) (1,6) (1,7) (1,8) (2,9) (2,9) (2,10) (3,11) (3,12).
const points: Array<[GlobalJudgement, [number, number, number]]> = [
  ['UNSATISFACTORY', [1, 1, 1]],
  ['UNSATISFACTORY', [1, 1, 2]],
  ['BORDERLINE', [2, 2, 2]],
  ['BORDERLINE', [2, 2, 3]],
  ['BORDERLINE', [2, 3, 3]],
  ['SATISFACTORY', [3, 3, 3]],
  ['SATISFACTORY', [3, 3, 3]],
  ['SATISFACTORY', [3, 3, 4]],
  ['GOOD', [4, 4, 3]],
  ['GOOD', [4, 4, 4]],
]

/** The least-squares line through the points, worked by hand here, read at Borderline (x = 1). */
function expectedPassMark(): number {
  const xs = points.map(([judgement]) => ['UNSATISFACTORY', 'BORDERLINE', 'SATISFACTORY', 'GOOD'].indexOf(judgement))
  const ys = points.map(([, grades]) => grades[0] + grades[1] + grades[2])
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  const [mx, my] = [mean(xs), mean(ys)]
  const slope = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0) / xs.reduce((sum, x) => sum + (x - mx) ** 2, 0)
  return Math.round((my - slope * mx + slope) * 100) / 100
}

await seedFeedback(db, [
  ...points.map(([judgement, grades]) => mark(regressed, judgement, grades)),
  // Nine marks: one short of the minimum.
  ...points.slice(0, MIN_MARKS_FOR_REGRESSION - 1).map(([judgement, grades]) => mark(tooFew, judgement, grades)),
  // Ten marks, every one Borderline: no line can be drawn through one judgement.
  ...points.map(([, grades]) => mark(oneJudgement, 'BORDERLINE', grades)),
  // A mark without a judgement never counts.
  { ...mark(regressed, 'GOOD', [0, 0, 0]), judgement: null },
])

t.test(`the regression's pass mark, exactly (${databaseKind()})`, async (t) => {
  const marks = await passMarksOf(db, [regressed, tooFew, oneJudgement, unmarked])
  const expected = expectedPassMark()
  t.equal(expected, 6.59, 'the line through these ten marks reads 6.59 at Borderline (slope 27.5 / 10.5)')
  t.same(marks.get(regressed), { value: expected, method: 'REGRESSION', marks: 10 })
  t.equal(passMarkSource(marks.get(regressed)!), 'estimated from 10 marks')
  t.same(marks.get(tooFew), { value: DEFAULT_PASS_MARK, method: 'DEFAULT', marks: 9 }, 'nine marks: the default')
  t.equal(passMarkSource(marks.get(tooFew)!), 'default (9 of the 10 marks needed to estimate it)')
  t.same(marks.get(oneJudgement), { value: DEFAULT_PASS_MARK, method: 'DEFAULT', marks: 10 }, 'one judgement only: the default')
  t.same(marks.get(unmarked), { value: DEFAULT_PASS_MARK, method: 'DEFAULT', marks: 0 }, 'no marks: the default')
})

t.test('it follows the marks as they arrive', async (t) => {
  await seedFeedback(db, [mark(tooFew, 'GOOD', [4, 4, 4])])
  const marks = await passMarksOf(db, [tooFew])
  t.equal(marks.get(tooFew)?.method, 'REGRESSION', 'the tenth mark makes it an estimate')
  t.equal(marks.get(tooFew)?.marks, 10)
})
