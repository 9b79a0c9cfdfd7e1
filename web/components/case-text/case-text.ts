/**
 * The markup case text may use, and nothing else: paragraphs (separated by a blank line; a single line break is
 * kept), lists (lines starting with "- ", "* " or "1. ") and **bold**. Text is only ever split into these
 * blocks and runs: no HTML is read, so whatever an author types, `<script>` included, stays text for React to
 * escape.
 */

export interface TextRun {
  text: string
  bold: boolean
}

/** One line of text, as runs of plain and bold words. */
export type InlineText = TextRun[]

export type CaseTextBlock =
  | { kind: 'paragraph'; lines: InlineText[] }
  | { kind: 'list'; ordered: boolean; items: InlineText[] }

const BULLET = /^\s*[-*•]\s+(.*)$/
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/
const BOLD = /\*\*(?=\S)(.+?)(?<=\S)\*\*/g

/** Splits a line on its **bold** spans; a lone or unclosed "**" stays as typed. */
export function inlineRuns(line: string): InlineText {
  const runs: InlineText = []
  let last = 0
  for (const match of line.matchAll(BOLD)) {
    if (match.index > last) runs.push({ text: line.slice(last, match.index), bold: false })
    runs.push({ text: match[1], bold: true })
    last = match.index + match[0].length
  }
  if (last < line.length) runs.push({ text: line.slice(last), bold: false })
  return runs
}

function listItem(line: string): { ordered: boolean; text: string } | null {
  const bullet = BULLET.exec(line)
  if (bullet) return { ordered: false, text: bullet[1] }
  const numbered = NUMBERED.exec(line)
  return numbered ? { ordered: true, text: numbered[1] } : null
}

export function parseCaseText(source: string): CaseTextBlock[] {
  const blocks: CaseTextBlock[] = []
  let open: CaseTextBlock | null = null
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      open = null
      continue
    }
    const item = listItem(line)
    if (item) {
      if (open?.kind !== 'list' || open.ordered !== item.ordered) blocks.push((open = { kind: 'list', ordered: item.ordered, items: [] }))
      open.items.push(inlineRuns(item.text))
    } else if (open?.kind === 'list' && /^\s+\S/.test(line)) {
      // An indented line continues the item above it.
      const items = open.items
      items[items.length - 1] = [...items[items.length - 1], { text: ' ', bold: false }, ...inlineRuns(line.trim())]
    } else {
      if (open?.kind !== 'paragraph') blocks.push((open = { kind: 'paragraph', lines: [] }))
      open.lines.push(inlineRuns(line.trim()))
    }
  }
  return blocks
}
