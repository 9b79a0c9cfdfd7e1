import { caseVersionsContracts } from '../../schemas/api/case-versions.ts'
import { call } from './client.ts'

/** A case's history for the admin (issue 35, item 2): its versions, one version's text, and restoring one. */

export const fetchCaseVersions = (id: number) => call(caseVersionsContracts.versions, { params: { id } })

export const fetchCaseVersion = (id: number, version: number, signal?: AbortSignal) => call(caseVersionsContracts.caseVersion, { params: { id, version }, signal })

export const restoreCaseVersion = (id: number, version: number) => call(caseVersionsContracts.restoreVersion, { params: { id, version } })
