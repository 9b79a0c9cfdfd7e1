import { AREA_TEXT, DOMAIN_TEXT } from '../../schemas/marking.ts'
import { passMarkSource } from '../../schemas/mock/pass-marks.ts'
import type { SharedResultSheet } from '../../schemas/mock/result-sheet.ts'
import { STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { OUTCOME, overallResult } from './sheet-words.ts'

/**
 * A result sheet as a PDF file (issue 33), written in the browser with pdf-lib (docs/decisions/0125), so a sheet
 * opened from a shared link can be downloaded too, and the server renders nothing. The layout is plain lines of
 * text, in the sheet's order; `sheetLines` is pure and tested, `sheetPdf` only draws it.
 */

export interface SheetLine {
  text: string
  size: 'title' | 'heading' | 'body' | 'small'
}


export function sheetLines(sheet: SharedResultSheet, day: (at: number) => string): SheetLine[] {
  const line = (text: string, size: SheetLine['size'] = 'body'): SheetLine => ({ text, size })
  return [
    line('Mock exam result sheet', 'title'),
    line(`${sheet.candidateName}, ${day(sheet.startedAt)}`),
    line("Practice marks given by partners on this platform, shaped like the GMC's result sheet: not a GMC result.", 'small'),
    line('Overall', 'heading'),
    line(`Total score: ${sheet.totalScore} of ${sheet.maxScore} (required ${sheet.requiredScore})`),
    line(`Stations passed: ${sheet.stationsPassed} of ${sheet.stations.length} (required ${sheet.stationsRequired})`),
    line(`Result: ${overallResult(sheet)}`),
    line('Domain totals', 'heading'),
    ...sheet.domainTotals.map((total) => line(`${DOMAIN_TEXT[total.domain].label}: ${total.points} of ${total.max}`)),
    line('Stations', 'heading'),
    ...sheet.stations.flatMap((row) => {
      const grades = row.grades.map((grade) => `${DOMAIN_TEXT[grade.domain].short} ${grade.grade ?? '-'}`).join(', ')
      const result = (OUTCOME[row.outcome] || (row.passed ? 'Passed' : 'Not passed')).toLowerCase()
      const areas = row.feedbackAreas.map((area) => AREA_TEXT[area].label).join(', ')
      return [
        line(`Station ${row.station}: ${row.caseTitle}${row.stationType ? ` (${STATION_TYPE_LABELS[row.stationType]})` : ''}`),
        line(`${grades}. Score ${row.score} of 12, pass mark ${row.passMark.value} (${passMarkSource(row.passMark)}): ${result}.`, 'small'),
        ...(areas ? [line(`Feedback areas: ${areas}.`, 'small')] : []),
      ]
    }),
  ]
}

const SIZES: Record<SheetLine['size'], number> = { title: 18, heading: 13, body: 11, small: 9 }
const A4 = { width: 595.28, height: 841.89, margin: 48 }

/**
 * The standard PDF fonts write Windows-1252 only: any other character (a name in another script) is shown as "?"
 * rather than failing the whole file.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'
/** Printable Latin-1 and the extras; a control character (a tab, 0x80-0x9f) becomes a space, anything else "?". */
export const pdfSafe = (text: string) =>
  [...text]
    .map((char) => {
      const code = char.charCodeAt(0)
      if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return WIN_ANSI_EXTRA.includes(char) ? char : ' '
      return code <= 0xff || WIN_ANSI_EXTRA.includes(char) ? char : '?'
    })
    .join('')

export async function sheetPdf(sheet: SharedResultSheet, day: (at: number) => string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(pdfSafe(`Mock exam result sheet, ${sheet.candidateName}, ${day(sheet.startedAt)}`))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page = pdf.addPage([A4.width, A4.height])
  let y = A4.height - A4.margin
  const width = A4.width - 2 * A4.margin
  for (const { text, size } of sheetLines(sheet, day)) {
    const font = size === 'title' || size === 'heading' ? bold : regular
    const points = SIZES[size]
    if (size === 'heading') y -= points * 0.6
    for (const wrapped of wrap(pdfSafe(text), (candidate) => font.widthOfTextAtSize(candidate, points) <= width)) {
      if (y < A4.margin + points) {
        page = pdf.addPage([A4.width, A4.height])
        y = A4.height - A4.margin
      }
      page.drawText(wrapped, { x: A4.margin, y: y - points, size: points, font })
      y -= points * 1.45
    }
  }
  return pdf.save()
}

/** Words onto lines that fit. */
function wrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word
    if (current && !fits(next)) {
      lines.push(current)
      current = word
    } else current = next
  }
  return current ? [...lines, current] : lines
}
