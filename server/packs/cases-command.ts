import { readFile, writeFile } from 'node:fs/promises'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../errors.ts'
import { imagesDir } from '../content/image-files.ts'
import { exportPack } from './export-pack.ts'
import { importPack } from './import-pack.ts'
import { casePackJsonSchema } from './json-schema.ts'

export const CASES_USAGE = 'Usage: npm run cases -- export FILE [--ids 3,7,12] | import FILE | schema FILE'

export interface CasesArguments {
  command: string | undefined
  file: string | undefined
  /** export only: the ids of the cases to export, "3,7,12". */
  ids?: string
}

/**
 * `npm run cases -- export|import|schema FILE` (server/cli/cases.ts): what the admin panel's case packs do, for
 * the command line and scripts. Answers what to print; throws with a message (every invalid field of a refused
 * pack, one per line) for the command to print and exit with 1.
 */
export async function casesCommand(db: Db, dataDir: string, args: CasesArguments): Promise<string> {
  const { command, file } = args
  if (!file || !['export', 'import', 'schema'].includes(command ?? '')) throw new Error(CASES_USAGE)
  if (args.ids !== undefined && command !== 'export') throw new Error(CASES_USAGE)
  const imageDir = imagesDir(dataDir)
  if (command === 'schema') {
    await writeFile(file, `${JSON.stringify(casePackJsonSchema(), null, 2)}\n`)
    return `Wrote the case pack's JSON Schema to ${file}.`
  }
  if (command === 'export') {
    const pack = await exportPack(db, imageDir, { ids: parseIds(args.ids), now: new Date() })
    await writeFile(file, `${JSON.stringify(pack, null, 2)}\n`)
    const images = pack.cases.reduce((sum, entry) => sum + (entry.images?.length ?? 0), 0)
    return `Exported ${pack.cases.length} ${pack.cases.length === 1 ? 'case' : 'cases'} and ${images} ${images === 1 ? 'image' : 'images'} to ${file}.`
  }
  const result = await importPack(db, await readJson(file), { imageDir, savedBy: null }).catch((error) => {
    throw error instanceof HttpError ? new Error(describeRefusal(file, error)) : error
  })
  const lines = [`Imported ${file}: created ${result.created.length}, updated ${result.updated.length}, unchanged ${result.unchanged.length}.`]
  if (result.created.length > 0) lines.push(`Created: ${result.created.join(', ')}`)
  if (result.updated.length > 0) lines.push(`Updated: ${result.updated.join(', ')}`)
  return lines.join('\n')
}

function parseIds(ids: string | undefined): number[] | undefined {
  if (ids === undefined) return undefined
  if (!/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/.test(ids)) throw new Error(`--ids takes case ids separated by commas, like 3,7,12. ${CASES_USAGE}`)
  return ids.split(',').map(Number)
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)
  })
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`)
  }
}

/** The refusal's sentence, then each invalid field as `path: message`. */
function describeRefusal(file: string, error: HttpError): string {
  const fields = (error.extra.validationErrors ?? {}) as Record<string, string>
  const lines = Object.entries(fields).map(([path, message]) => `  ${path}: ${message}`)
  return [`${file}: ${error.message}`, ...lines].join('\n')
}
