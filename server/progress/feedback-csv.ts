import { AREA_TEXT, DOMAINS, DOMAIN_TEXT, JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { criterionValue, roundedScore } from '../../schemas/session/feedback-scores.ts'

/**
 * The candidate's feedback as CSV (RFC 4180), one row per feedback, for a spreadsheet (layout: docs/progress.md).
 * The feedback's own columns come first; then one column per criterion and per sub-criterion met in any row, so each
 * score sits in its own cell and a column's mean is that criterion's mean. Numbers have at most 2 decimals, as
 * scores are shown everywhere else. A cell a spreadsheet would run as a formula (text starting with = + - @, or a
 * tab or carriage return) is written with a leading apostrophe: a comment is typed by another participant, and
 * opening one's own export must not run what they typed.
 */

type Cell = string | number | null
type Column = [title: string, cell: (item: FeedbackReceivedItem) => Cell]

const FEEDBACK_COLUMNS: Column[] = [
  ['Date', (item) => item.timestamp],
  ['Session code', (item) => item.sessionCode],
  ['Session title', (item) => item.sessionTitle],
  ['Round', (item) => item.roundNumber],
  ['Case', (item) => item.caseTitle],
  ['Topic', (item) => item.category],
  ['From', (item) => item.fromUser],
  ['From role', (item) => item.fromUserRole],
  ['Station score (out of 12)', (item) => item.stationScore],
  ...DOMAINS.map((domain): Column => [`${DOMAIN_TEXT[domain].short} grade`, (item) => item.domainScores.find((score) => score.domain === domain)?.grade ?? null]),
  ['Global judgement', (item) => (item.globalJudgement ? JUDGEMENT_TEXT[item.globalJudgement].label : null)],
  ['Feedback areas', (item) => item.feedbackAreas.map((area) => AREA_TEXT[area].label).join('; ')],
  ['Comment', (item) => item.comment],
]

/** Criteria are matched across cases by name, ignoring case and surrounding spaces, as the progress page matches them. */
const nameKey = (name: string) => name.trim().toLowerCase()

/**
 * A column per criterion (its score, or the mean of its sub-scores) and, right after it, one per sub-criterion, in
 * the order they first appear; headed "Name (0-4)" and "Name › Sub-criterion (0-4)". Empty where a feedback's case
 * had no such criterion, or it was not scored.
 */
function criterionColumns(items: readonly FeedbackReceivedItem[]): Column[] {
  const columns = new Map<string, Column>()
  for (const item of items) {
    for (const criterion of item.criteriaScores) {
      const key = nameKey(criterion.criterionName)
      const ofItem = (row: FeedbackReceivedItem) => row.criteriaScores.find((c) => nameKey(c.criterionName) === key)
      if (!columns.has(key)) columns.set(key, [`${criterion.criterionName.trim()} (0-4)`, (row) => criterionValueOrNull(ofItem(row))])
      for (const sub of criterion.subScores) {
        const subKey = `${key}\u203a${nameKey(sub.subCriterionName)}`
        if (columns.has(subKey)) continue
        const title = `${criterion.criterionName.trim()} › ${sub.subCriterionName.trim()} (0-4)`
        columns.set(subKey, [title, (row) => ofItem(row)?.subScores.find((s) => nameKey(s.subCriterionName) === nameKey(sub.subCriterionName))?.score ?? null])
      }
    }
  }
  return [...columns.values()]
}

const criterionValueOrNull = (criterion: FeedbackReceivedItem['criteriaScores'][number] | undefined) => (criterion ? criterionValue(criterion) : null)

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(roundedScore(value))
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function feedbackCsv(items: readonly FeedbackReceivedItem[]): string {
  const columns = [...FEEDBACK_COLUMNS, ...criterionColumns(items)]
  const lines = [columns.map(([title]) => csvCell(title)), ...items.map((item) => columns.map(([, cell]) => csvCell(cell(item))))]
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n'
}
