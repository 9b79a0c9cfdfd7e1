import { AREA_TEXT, DOMAINS, DOMAIN_TEXT, JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { criterionValue } from '../../schemas/session/feedback-scores.ts'

/**
 * The candidate's feedback as CSV (RFC 4180), one row per feedback, for a spreadsheet. A cell a spreadsheet would
 * run as a formula (text starting with = + - @, or a tab or carriage return) is written with a leading apostrophe:
 * a comment is typed by another participant, and opening one's own export must not run what they typed.
 */

type Cell = string | number | null

const COLUMNS: Array<[string, (item: FeedbackReceivedItem) => Cell]> = [
  ['Date', (item) => item.timestamp],
  ['Session code', (item) => item.sessionCode],
  ['Session title', (item) => item.sessionTitle],
  ['Round', (item) => item.roundNumber],
  ['Case', (item) => item.caseTitle],
  ['Topic', (item) => item.category],
  ['From', (item) => item.fromUser],
  ['From role', (item) => item.fromUserRole],
  ['Station score (out of 12)', (item) => item.stationScore],
  ...DOMAINS.map((domain): [string, (item: FeedbackReceivedItem) => Cell] => [
    `${DOMAIN_TEXT[domain].short} grade`,
    (item) => item.domainScores.find((score) => score.domain === domain)?.grade ?? null,
  ]),
  ['Global judgement', (item) => (item.globalJudgement ? JUDGEMENT_TEXT[item.globalJudgement].label : null)],
  ['Feedback areas', (item) => item.feedbackAreas.map((area) => AREA_TEXT[area].label).join('; ')],
  ['Overall score', (item) => item.overallPerformance],
  ['Criteria scores', (item) => item.criteriaScores.map((criterion) => `${criterion.criterionName}: ${criterionValue(criterion) ?? 'not scored'}`).join('; ')],
  ['Comment', (item) => item.comment],
]

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function feedbackCsv(items: readonly FeedbackReceivedItem[]): string {
  const lines = [COLUMNS.map(([title]) => csvCell(title)), ...items.map((item) => COLUMNS.map(([, cell]) => csvCell(cell(item))))]
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n'
}
