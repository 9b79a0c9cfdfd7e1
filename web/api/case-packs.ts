import { casePackContracts } from '../../schemas/api/case-packs.ts'
import type { ImportResult } from '../../schemas/packs/case-pack.ts'
import { API_BASE } from './client.ts'
import { downloadFile, postWithProgress } from './transfer.ts'

/** Case packs (issue 35, item 4; docs/case-pack.md): the whole bank out as a JSON file, and a pack back in. */

export const exportCaseBank = () => downloadFile(casePackContracts.export.path, 'plab2-case-pack.json')

/** The pack file's text as it is: the server reads it, and names every invalid field by its path. */
export const importCasePack = (packText: string, onProgress: (fraction: number) => void) =>
  postWithProgress<ImportResult>(casePackContracts.import.path, packText, onProgress)

/** The format's JSON Schema, for whoever writes a pack by hand or by script. */
export const CASE_PACK_SCHEMA_URL = API_BASE + casePackContracts.schema.path
