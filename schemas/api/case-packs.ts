import * as v from 'valibot'
import { ImportResultSchema } from '../packs/case-pack.ts'
import { route } from './contract.ts'

const IDS_RULE = 'ids must be case ids separated by commas, like 3,7,12'

const ExportQuery = v.object({
  /** Only these cases; the whole bank when absent. */
  ids: v.optional(
    v.pipe(
      v.string(IDS_RULE),
      v.regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,1999}$/, IDS_RULE),
      v.transform((text) => text.split(',').map(Number)),
    ),
  ),
})

/** Case packs (issue 35, item 4; docs/case-pack.md): the bank out as one JSON document, and back in. */
export const casePackContracts = {
  /** The pack itself, as a download (schemas/packs/case-pack.ts CasePack). */
  export: route('GET', '/case-packs/export', { query: ExportQuery }),
  /**
   * The body is a pack, read by the handler rather than the route's schema: a refused pack is answered with every
   * invalid field by its path (`cases[3].case.title`), and another format version as a whole.
   */
  import: route('POST', '/case-packs/import', { answer: ImportResultSchema }),
  /** The pack's JSON Schema (draft-07): public, for anyone writing a pack. */
  schema: route('GET', '/case-packs/schema.json', {}),
}
