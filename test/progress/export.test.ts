import t from 'tap'
import { csvCell, feedbackCsv } from '../../server/progress/feedback-csv.ts'
import { call, signedInUser, testApp } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { gradedCriteria, seedFeedback } from '../helpers/feedback-history.ts'

/** The download of one's own feedback: CSV a spreadsheet opens safely, JSON as the dashboard reads it, nobody else's. */

const NOW = Date.UTC(2026, 10, 24, 12)
const app = await testApp({}, { clock: () => NOW })
t.teardown(() => app.close())
const candidate = await signedInUser(app, { name: 'Cara Candidate' })
const other = await signedInUser(app, { name: 'Otto Other' })

const TRICKY = 'He said "slow down", then\nleft, twice'
await seedFeedback(app.database.db, [
  { toUserId: candidate.id, sessionId: 201, round: 1, at: new Date(NOW - 5 * 86_400_000), category: 'Cardiology', fromRole: 'OBSERVER', criteria: gradedCriteria(2, 3, 4), judgement: 'BORDERLINE', areas: ['TIME', 'RAPPORT'], comment: TRICKY },
  { toUserId: candidate.id, sessionId: 201, round: 2, at: new Date(NOW - 60 * 86_400_000), category: '=cmd|calc', fromRole: 'PATIENT', criteria: [{ name: ' history TAKING ', score: 1 }, { name: 'Explanation', subScores: [1, 1, 2] }], comment: '@SUM(A1:A9)', caseTitle: '+44 chest pain' },
  { toUserId: other.id, sessionId: 202, round: 1, at: new Date(NOW - 86_400_000), category: 'Ethics', fromRole: 'PATIENT', criteria: gradedCriteria(1, 1, 1), comment: 'OTHER-PERSONS-SECRET' },
])

const download = (user: { auth: Record<string, string> }, query: string) =>
  app.app.inject({ method: 'GET', url: `/api/progress/export${query}`, headers: user.auth })

/** Reads RFC 4180 back, so the test checks what a spreadsheet would see, not only the raw text. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), (i += 1)
      else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') rows.at(-1)!.push(cell), (cell = '')
    else if (char === '\r' && text[i + 1] === '\n') rows.at(-1)!.push(cell), (cell = ''), rows.push([]), (i += 1)
    else cell += char
  }
  rows.pop()
  return rows
}

t.test('csv cells: quoted when they hold a comma, quote or line break; formulas defused', async (t) => {
  t.equal(csvCell('plain'), 'plain')
  t.equal(csvCell('a,b'), '"a,b"')
  t.equal(csvCell('say "hi"'), '"say ""hi"""')
  t.equal(csvCell('two\nlines'), '"two\nlines"')
  t.equal(csvCell('carriage\rreturn'), '"carriage\rreturn"')
  for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tTAB']) t.equal(csvCell(formula), `'${formula}`, `${JSON.stringify(formula)} is text`)
  t.equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`, 'defused and quoted')
  t.equal(csvCell(-2), '-2', 'a number stays a number')
  t.equal(csvCell(4 / 3), '1.33', 'to 2 decimals, as scores are shown elsewhere')
  t.equal(csvCell(null), '')
  t.equal(feedbackCsv([]).split('\r\n').length, 2, 'the header line alone')
})

t.test(`CSV export of one's own feedback, newest first (${databaseKind()})`, async (t) => {
  const response = await download(candidate, '?format=csv')
  t.equal(response.statusCode, 200)
  t.match(response.headers['content-type'], /^text\/csv; charset=utf-8/)
  t.match(response.headers['content-disposition'], /^attachment; filename="plab-feedback-2026-11-24\.csv"$/)
  const rows = parseCsv(response.body)
  const [header, newest, oldest, ...rest] = rows
  t.same(rest, [], 'two feedbacks, nobody else’s')
  t.notOk(response.body.includes('OTHER-PERSONS-SECRET'))
  const column = (row: string[], name: string) => row[header.indexOf(name)]
  t.equal(column(newest, 'Comment'), TRICKY, 'commas, quotes and the line break survive')
  t.equal(column(newest, 'Station score (out of 12)'), '9')
  t.same(['Data gathering grade', 'Clinical management grade', 'Interpersonal grade'].map((name) => column(newest, name)), ['C', 'B', 'A'])
  t.equal(column(newest, 'Global judgement'), 'Borderline')
  t.equal(column(newest, 'Feedback areas'), 'Rapport; Time')
  t.equal(column(oldest, 'Comment'), "'@SUM(A1:A9)")
  t.equal(column(oldest, 'Topic'), "'=cmd|calc")
  t.equal(column(oldest, 'Case'), "'+44 chest pain")
  t.equal(column(oldest, 'Station score (out of 12)'), '', 'no station score before domains: empty, not 0')
  t.notOk(header.includes('Overall score'), 'the spec\'s overall figure is not set beside the score out of 12')

  // Issue 29: each criterion has its own column (matched by name across cases), each sub-criterion its own after it.
  t.same(header.slice(header.indexOf('Comment') + 1), ['History taking (0-4)', 'Management plan (0-4)', 'Rapport (0-4)', 'Explanation (0-4)', 'Explanation › Part 1 (0-4)', 'Explanation › Part 2 (0-4)', 'Explanation › Part 3 (0-4)'])
  t.same(['History taking (0-4)', 'Management plan (0-4)', 'Rapport (0-4)', 'Explanation (0-4)'].map((name) => column(newest, name)), ['2', '3', '4', ''], 'a criterion its case did not have is empty')
  t.equal(column(oldest, 'History taking (0-4)'), '1', 'the same criterion spelt otherwise shares its column')
  t.equal(column(oldest, 'Explanation (0-4)'), '1.33', 'the mean of the sub-scores, to 2 decimals')
  t.same(['Part 1', 'Part 2', 'Part 3'].map((part) => column(oldest, `Explanation › ${part} (0-4)`)), ['1', '1', '2'])
  t.ok(rows.every((row) => row.length === header.length), 'every row has every column')
})

t.test('JSON export: the dashboard’s items; the period applies', async (t) => {
  const response = await download(candidate, '?format=json&days=30')
  t.equal(response.statusCode, 200)
  t.match(response.headers['content-disposition'], /filename="plab-feedback-2026-11-24\.json"/)
  const body = response.json()
  t.match(body, { exportedAt: new Date(NOW).toISOString(), days: 30 })
  t.same(body.items.map((item: { comment: string }) => item.comment), [TRICKY], 'the feedback of 60 days ago is outside 30 days')
  t.match(body.items[0], { stationScore: 9, globalJudgement: 'BORDERLINE', feedbackAreas: ['RAPPORT', 'TIME'], toUser: 'Cara Candidate' })
  const theirs = (await download(other, '?format=json')).json()
  t.same(theirs.items.map((item: { comment: string }) => item.comment), ['OTHER-PERSONS-SECRET'])
})

t.test('export needs a signed-in user and a known format', async (t) => {
  t.equal((await app.app.inject({ method: 'GET', url: '/api/progress/export?format=csv' })).statusCode, 401)
  const bad = await call(app.app, { method: 'GET', url: '/api/progress/export?format=xlsx', headers: candidate.auth })
  t.same([bad.status, bad.json.error], [400, 'format must be csv or json'])
  const missing = await call(app.app, { method: 'GET', url: '/api/progress/export', headers: candidate.auth })
  t.equal(missing.status, 400)
})
