import t from 'tap'
import { PDFDocument } from 'pdf-lib'
import type { ResultSheet } from '../../schemas/mock/result-sheet.ts'
import { pdfSafe, sheetLines, sheetPdf } from '../../web/mock/sheet-pdf.ts'

const grades = (grade: 'A' | 'C' | null, points: number) =>
  (['DATA_GATHERING', 'CLINICAL_MANAGEMENT', 'INTERPERSONAL'] as const).map((domain) => ({ domain, grade, points }))

const sheet: ResultSheet = {
  sessionCode: 'MOCK-1234',
  candidateName: 'Zoë Ng 吴',
  candidateUserId: 7,
  startedAt: Date.UTC(2026, 10, 28, 9),
  endedAt: null,
  stations: Array.from({ length: 16 }, (_, index) => ({
    station: index + 1,
    round: index + 1,
    caseId: 100 + index,
    caseTitle: `Case ${index + 1}: chest pain in a 61-year-old – a long title that must wrap onto a second line of the page when it is drawn`,
    stationType: 'HISTORY' as const,
    outcome: index === 3 ? ('NOT_MARKED' as const) : ('MARKED' as const),
    markedBy: index === 3 ? null : ('EXAMINER' as const),
    grades: index === 3 ? grades(null, 0) : grades(index % 2 ? 'C' : 'A', index % 2 ? 2 : 4),
    score: index === 3 ? 0 : index % 2 ? 6 : 12,
    passMark: { value: 7.25, method: 'REGRESSION' as const, marks: 14 },
    passed: index !== 3 && index % 2 === 0,
    feedbackAreas: index % 2 ? ['MANAGEMENT' as const, 'TIME' as const] : [],
    patientScore: null,
  })),
  totalScore: 138,
  maxScore: 192,
  requiredScore: 116,
  stationsPassed: 8,
  stationsRequired: 10,
  domainTotals: grades(null, 46).map(({ domain, points }) => ({ domain, points, max: 64 })),
  complete: true,
  endedReason: null,
  passed: false,
}

t.test("the PDF's lines say what the sheet says, in its order", async (t) => {
  const lines = sheetLines(sheet, () => '28 November 2026').map((line) => line.text)
  t.equal(lines[0], 'Mock exam result sheet')
  t.equal(lines[1], 'Zoë Ng 吴, 28 November 2026')
  t.ok(lines.includes('Total score: 138 of 192 (required 116)'))
  t.ok(lines.includes('Stations passed: 8 of 16 (required 10)'))
  t.ok(lines.includes('Result: Not yet at the pass standard'))
  t.ok(sheetLines({ ...sheet, complete: false, stations: sheet.stations.slice(0, 2) }, () => '').some((line) => line.text === 'Result: No overall result: the circuit ended after 2 stations'))
  t.ok(lines.includes('Data gathering, technical and assessment skills: 46 of 64'))
  t.ok(lines.includes('Data gathering C, Clinical management C, Interpersonal C. Score 6 of 12, pass mark 7.25 (estimated from 14 marks): not passed.'))
  t.ok(lines.includes('Data gathering -, Clinical management -, Interpersonal -. Score 0 of 12, pass mark 7.25 (estimated from 14 marks): not marked in time.'))
  t.ok(lines.includes('Feedback areas: Management, Time.'))
})

t.test('a 16-station sheet is a valid PDF of more than one page; characters its font lacks become "?"', async (t) => {
  t.equal(pdfSafe('Zoë Ng 吴 – €'), 'Zoë Ng ? – €')
  t.equal(pdfSafe('a\tb\u0085c'), 'a b c', 'control characters the font cannot write become spaces')
  const bytes = await sheetPdf(sheet, () => '28 November 2026')
  const pdf = await PDFDocument.load(bytes)
  t.ok(pdf.getPageCount() >= 2, `${pdf.getPageCount()} pages`)
  t.equal(pdf.getTitle(), 'Mock exam result sheet, Zoë Ng ?, 28 November 2026')
})
