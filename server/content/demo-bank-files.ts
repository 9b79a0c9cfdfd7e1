import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import { CaseBody, CATEGORY_NAME_MAX, RecallDate } from '../../schemas/content.ts'
import { Station } from '../../schemas/station/station.ts'
import { checkImageHeader, detectImageType, MAX_IMAGE_BYTES } from './image-files.ts'

/**
 * Reads and checks every file of the demo case bank (server/content/demo-bank/*.json) before anything is
 * written: a bad file stops the seed with its file name, case and field, instead of half a bank.
 */

const text = v.string('must be text')
const nonEmptyText = v.pipe(text, v.trim(), v.nonEmpty('must not be empty'))
/**
 * A shipped case is a station in the exam's shape (issue 32): the spec's fields are derived from it when it is
 * saved, so no demo case is written in the old shape.
 */
const DemoCase = v.strictObject({
  title: nonEmptyText,
  description: text,
  visualData: v.nullish(
    v.variant('type', [
      v.strictObject({ type: v.literal('text'), content: nonEmptyText }),
      v.strictObject({ type: v.literal('image'), content: v.pipe(text, v.regex(/^demo\/[\w-]+\.(png|jpe?g|gif|webp)$/, 'must be demo/<file>.<png|jpg|gif|webp>')) }),
    ]),
    null,
  ),
  recallDates: v.optional(v.array(RecallDate), []),
  station: Station,
})
type DemoCase = v.InferOutput<typeof DemoCase>

const DemoBankFile = v.strictObject({
  category: v.pipe(nonEmptyText, v.maxLength(CATEGORY_NAME_MAX, `must be at most ${CATEGORY_NAME_MAX} characters`)),
  cases: v.pipe(v.array(v.unknown()), v.nonEmpty('must list at least one case')),
})

/** The editor's rules apply to demo content too; the category is filled in when it exists in the database. */
const DemoCaseBody = v.omit(CaseBody, ['category'])

export interface DemoImage {
  source: string
  /** Content-addressed, so a second seed finds it already stored. */
  storedName: string
}

export interface DemoBankCase {
  file: string
  category: string
  body: v.InferOutput<typeof DemoCaseBody>
  image: DemoImage | null
}

export class DemoBankError extends Error {
  override name = 'DemoBankError'
}

export async function readDemoBank(dir: string): Promise<DemoBankCase[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()
  const cases: DemoBankCase[] = []
  const titles = new Map<string, string>()
  for (const file of files) {
    for (const demoCase of await readBankFile(dir, file)) {
      const earlier = titles.get(demoCase.body.title)
      if (earlier) throw new DemoBankError(`Demo case bank: ${file}: the title "${demoCase.body.title}" is also used in ${earlier}`)
      titles.set(demoCase.body.title, file)
      cases.push(demoCase)
    }
  }
  return cases
}

async function readBankFile(dir: string, file: string): Promise<DemoBankCase[]> {
  const where = `Demo case bank: ${file}`
  let json: unknown
  try {
    json = JSON.parse(await readFile(path.join(dir, file), 'utf8'))
  } catch (error) {
    throw new DemoBankError(`${where}: not valid JSON (${(error as Error).message})`)
  }
  const bank = v.safeParse(DemoBankFile, json)
  if (!bank.success) throw new DemoBankError(`${where}: ${describeIssue(bank.issues[0])}`)
  const cases: DemoBankCase[] = []
  for (const [index, raw] of bank.output.cases.entries()) {
    const title = (raw as { title?: unknown } | null)?.title
    const caseWhere = `${where}, case ${index + 1}${typeof title === 'string' ? ` "${title}"` : ''}`
    const demo = v.safeParse(DemoCase, raw)
    if (!demo.success) throw new DemoBankError(`${caseWhere}: ${describeIssue(demo.issues[0])}`)
    const image = demo.output.visualData?.type === 'image' ? await checkDemoImage(dir, demo.output.visualData.content, caseWhere) : null
    const body = v.safeParse(DemoCaseBody, toEditorState(demo.output, image))
    if (!body.success) throw new DemoBankError(`${caseWhere}: ${describeIssue(body.issues[0])}`)
    cases.push({ file, category: bank.output.category, body: body.output, image })
  }
  return cases
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  return `${v.getDotPath(issue) ?? 'file'}: ${issue.message}`
}

/** The editor's state of a station case: the station, and what the spec's fields do not hold. */
function toEditorState(demo: DemoCase, image: DemoImage | null) {
  return {
    title: demo.title,
    description: demo.description,
    visualData: image ? { type: 'image', content: `/uploads/images/${image.storedName}` } : demo.visualData,
    isRecallCase: demo.recallDates.length > 0,
    recallDates: demo.recallDates,
    station: demo.station,
  }
}

/** A shipped image passes the same checks as an upload: nothing reaches the image folder unchecked. */
async function checkDemoImage(dir: string, relative: string, where: string): Promise<DemoImage> {
  const source = path.join(dir, relative)
  let bytes: Buffer
  try {
    bytes = await readFile(source)
  } catch {
    throw new DemoBankError(`${where}: visualData.content: ${relative} does not exist`)
  }
  const type = detectImageType(bytes)
  try {
    if (!type || bytes.length > MAX_IMAGE_BYTES) throw new Error('not a JPEG, PNG, GIF or WebP image of at most 5 MB')
    await checkImageHeader(source, type)
  } catch (error) {
    throw new DemoBankError(`${where}: visualData.content: ${relative}: ${(error as Error).message}`)
  }
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  return { source, storedName: `${digest}.${type}` }
}
