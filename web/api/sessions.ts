import type { SessionConfig } from '../../schemas/session/types.ts'
import type { FeedbackSubmission } from '../../schemas/session-room/room-machine.ts'
import type { ActiveSessionItem, FeedbackReceivedItem, JoinAnswer, LowerRole, ObserverFeedbackStatus, SessionDetails } from '../../schemas/session-wire.ts'
import { observeResponse } from '../session/server-clock.ts'
import { api } from './client.ts'

/** The session calls of SPEC section 7, typed by schemas/session-wire.ts. */

const path = (code: string, action = '') => `/sessions/${encodeURIComponent(code)}${action}`

/** The configure body: the spec's client also sends the legacy single recall date, always empty. */
export type ConfigureRequest = Omit<SessionConfig, 'recallStartDate' | 'recallEndDate'> & {
  recallDate: ''
  recallStartDate?: string
  recallEndDate?: string
}

export interface JoinWithRoleAnswer {
  session: SessionDetails
  userRole: string | null
  isHost: boolean
}

export type NewCaseAnswer =
  | { message: string; noMoreCases: true; currentTopic: string; availableTopics: string[] }
  | { message: string; noMoreCases?: undefined; sessionCompleted?: true }

export const sessionsApi = {
  create: (title: string) =>
    api.post<{ sessionCode: string }>('/sessions', {
      title,
      sessionType: 'TOPIC',
      readingTime: 2,
      consultationTime: 8,
      timingType: 'COUNTDOWN',
      selectedTopics: ['Random'],
    }),
  join: (code: string) => api.post<JoinAnswer>('/sessions/join', { code }),
  /** Every read also tells the page how far its clock is from the server's. */
  get: (code: string, signal?: AbortSignal) => api.get<SessionDetails>(path(code), { signal, onResponse: observeResponse(Date.now()) }),
  joinWithRole: (code: string, role: Exclude<LowerRole, 'doctor'>) => api.post<JoinWithRoleAnswer>(path(code, '/join-with-role'), { role }),
  configure: (code: string, body: ConfigureRequest) => api.post<unknown>(path(code, '/configure'), body),
  start: (code: string) => api.post<unknown>(path(code, '/start')),
  /**
   * "Skip to Consultation" and "End Consultation" are the same call (WIRE.md section 5); naming the phase being
   * skipped makes the server refuse it (409) if the clock already moved the session on, instead of skipping twice.
   */
  skipPhase: (code: string, phase: 'READING' | 'CONSULTATION') => api.post<unknown>(path(code, '/skip-phase'), { phase }),
  newCase: (code: string) => api.post<NewCaseAnswer>(path(code, '/new-case')),
  selectNewTopic: (code: string, topic: string) => api.post<unknown>(path(code, '/select-new-topic'), { topic }),
  end: (code: string) => api.post<unknown>(path(code, '/end')),
  complete: (code: string) => api.post<unknown>(path(code, '/complete')),
  leave: (code: string) => api.post<unknown>(path(code, '/leave')),
  observerFeedbackStatus: (code: string) => api.get<ObserverFeedbackStatus>(path(code, '/observer-feedback-status')),
  active: () => api.get<ActiveSessionItem[]>('/sessions/user/active'),
  submitFeedback: (body: FeedbackSubmission) => api.post<unknown>('/feedback/submit', body),
  feedbackReceived: () => api.get<FeedbackReceivedItem[]>('/feedback/received'),
  recallDates: () => api.get<string[]>('/cases/recall/dates'),
}
