import { toJsonSchema } from '@valibot/to-json-schema'
import { CasePack } from '../../schemas/packs/case-pack.ts'

/**
 * The pack's JSON Schema, made from the very schema an import checks with, so the two cannot drift apart. Rules
 * JSON Schema cannot state are left out of it (an import still applies them): `trim` (surrounding spaces are
 * dropped), `transform` (a numeric item id becomes text), `finite` (JSON has no infinite numbers anyway) and
 * `check` (an image URL's scheme, real calendar dates, unique station item ids, a checklist item in each domain).
 */
const IGNORED_ACTIONS = ['trim', 'transform', 'finite', 'check']

let made: object | null = null

export function casePackJsonSchema(): object {
  made ??= {
    ...toJsonSchema(CasePack, { target: 'draft-07', ignoreActions: IGNORED_ACTIONS }),
    title: 'PLAB 2 practice case pack, format 1',
    description: 'A set of practice cases with their images; see docs/case-pack.md.',
  }
  return made
}
