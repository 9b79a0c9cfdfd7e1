import { sessionContracts } from '../../schemas/api/sessions.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'
import { call } from './client.ts'

/** The doctor's debrief of a round and their private self-assessment (schemas/debrief.ts). */
export const debriefApi = {
  get: (code: string, round: number) => call(sessionContracts.debrief, { params: { code, round } }),
  list: (code: string) => call(sessionContracts.debriefs, { params: { code } }),
  selfAssessmentForm: (code: string) => call(sessionContracts.selfAssessment, { params: { code } }),
  saveSelfAssessment: (code: string, body: { round: number; comment: string; criteriaScores: CriterionScore[] }) =>
    call(sessionContracts.saveSelfAssessment, { params: { code }, body }),
}
