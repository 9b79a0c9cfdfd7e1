import type { FastifyInstance } from 'fastify'
import { caseVersionsContracts } from '../../schemas/api/case-versions.ts'
import { CaseBody, type CaseView } from '../../schemas/content.ts'
import { validate } from '../../schemas/validate.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { normaliseCase, type CaseContent } from './case-rules.ts'
import { findCaseVersion, listCaseVersions } from './case-versions.ts'
import { findCase, saveCase } from './cases-repo.ts'

const CASE_NOT_FOUND = 'Case not found'

/**
 * A case's history (issue 35, item 2). Registered inside the content plugin, so a restore forgets the case bank
 * like every other write there. A restore never rewrites history: it saves the old text as the next version.
 */
export async function caseVersionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  serve(app, caseVersionsContracts.versions, { preHandler: app.requireReviewer }, async (_request, { params: { id } }) => {
    const versions = await listCaseVersions(db, id)
    // Every case has at least the version its creation saved: none means no such case.
    if (versions.length === 0) throw notFound(CASE_NOT_FOUND)
    return versions
  })

  serve(app, caseVersionsContracts.caseVersion, { preHandler: app.requireReviewer }, async (_request, { params: { id, version } }) => storedVersion(db, id, version))

  serve(app, caseVersionsContracts.restoreVersion, { preHandler: app.requireAdmin }, async (request, { params: { id, version } }) => {
    const old = await storedVersion(db, id, version)
    const result = await saveCase(db, restorable(old), id, { savedBy: request.currentUser.id })
    if (!result.ok && result.reason === 'no-category') {
      throw conflict(`Version ${version} was in the category "${old.category.name}", which has been deleted since. Create the category again, or edit the case and choose another.`)
    }
    const saved = result.ok ? await findCase(db, id) : undefined
    if (!saved) throw notFound(CASE_NOT_FOUND)
    return saved
  })
}

async function storedVersion(db: Db, id: number, version: number): Promise<CaseView> {
  const found = await findCaseVersion(db, id, version)
  if (found) return found
  // Only on the way to a 404, so the list is read just to say which versions there are.
  const [newest] = await listCaseVersions(db, id)
  if (!newest) throw notFound(CASE_NOT_FOUND)
  throw notFound(`Case ${id} has versions 1 to ${newest.version}`)
}

/**
 * The version as what a save takes, through the rules every save follows. Every addition is explicit in it (each
 * criterion's domain, the telephone flag, the station), so nothing of the current case is kept: the restored text
 * is the version's. Item ids are given, so they stay as they were and feedback given on that version still matches.
 */
function restorable(old: CaseView): CaseContent {
  const checked = validate(CaseBody, old)
  if (checked.ok) return normaliseCase(checked.value)
  const [first] = Object.values(checked.errors)
  throw conflict(`Version ${old.version} breaks a rule cases follow now, so it cannot be restored as it stands: ${first}`, { validationErrors: checked.errors })
}
