import type { Debrief, DebriefLink, ScoredAssessment, SelfAssessmentForm } from '../../schemas/debrief.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'
import { api } from './client.ts'

/** The doctor's debrief of a round and their private self-assessment (schemas/debrief.ts). */

const path = (code: string, action: string) => `/sessions/${encodeURIComponent(code)}${action}`

export const debriefApi = {
  get: (code: string, round: number) => api.get<Debrief>(path(code, `/rounds/${round}/debrief`)),
  list: (code: string) => api.get<DebriefLink[]>(path(code, '/debriefs')),
  selfAssessmentForm: (code: string) => api.get<SelfAssessmentForm>(path(code, '/self-assessment')),
  saveSelfAssessment: (code: string, body: { round: number; comment: string; criteriaScores: CriterionScore[] }) =>
    api.post<{ message: string; selfAssessment: ScoredAssessment }>(path(code, '/self-assessment'), body),
}
