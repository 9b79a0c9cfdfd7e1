import { DEFAULT_CONSULTATION_TIME, DEFAULT_READING_TIME } from '../../schemas/session/config-rules.ts'
import { RANDOM_TOPIC, type SessionConfig } from '../../schemas/session/types.ts'
import type { FeedbackSubmission } from '../session/room/submit-choices.ts'
import type { ActiveSessionItem, FeedbackReceivedItem, JoinAnswer, WireRole, SessionDetails } from '../../schemas/session-wire.ts'
import { api, type RequestOptions } from './client.ts'

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
  /** keepOtherSessions: made to be planned for later, it leaves the user's other sessions only once started or listed for now. */
  create: (title: string, keepOtherSessions = false) =>
    api.post<{ sessionCode: string }>('/sessions', {
      title,
      ...(keepOtherSessions ? { keepOtherSessions } : {}),
      sessionType: 'TOPIC',
      readingTime: DEFAULT_READING_TIME,
      consultationTime: DEFAULT_CONSULTATION_TIME,
      timingType: 'COUNTDOWN',
      selectedTopics: [RANDOM_TOPIC],
    }),
  join: (code: string) => api.post<JoinAnswer>('/sessions/join', { code }),
  /** The pages read a session through readSession (web/session/server-clock.ts), which also syncs their clock. */
  get: (code: string, options: Omit<RequestOptions, 'body'> = {}) => api.get<SessionDetails>(path(code), options),
  joinWithRole: (code: string, role: Exclude<WireRole, 'doctor'>) => api.post<JoinWithRoleAnswer>(path(code, '/join-with-role'), { role }),
  configure: (code: string, body: ConfigureRequest) => api.post<unknown>(path(code, '/configure'), body),
  start: (code: string) => api.post<unknown>(path(code, '/start')),
  /**
   * "Skip to Consultation" and "End Consultation" are the same call (WIRE.md section 5); naming the phase being
   * skipped makes the server refuse it (409) if the clock already moved the session on, instead of skipping twice.
   */
  skipPhase: (code: string, phase: 'READING' | 'CONSULTATION') => api.post<unknown>(path(code, '/skip-phase'), { phase }),
  /** Naming the case being replaced makes a second click, after the first replaced it, a 409 instead of another case. */
  newCase: (code: string, caseId: number | undefined) => api.post<NewCaseAnswer>(path(code, '/new-case'), { caseId }),
  selectNewTopic: (code: string, topic: string) => api.post<unknown>(path(code, '/select-new-topic'), { topic }),
  end: (code: string) => api.post<unknown>(path(code, '/end')),
  complete: (code: string) => api.post<unknown>(path(code, '/complete')),
  leave: (code: string) => api.post<unknown>(path(code, '/leave')),
  active: (signal?: AbortSignal) => api.get<ActiveSessionItem[]>('/sessions/user/active', { signal }),
  submitFeedback: (body: FeedbackSubmission) => api.post<unknown>('/feedback/submit', body),
  feedbackReceived: () => api.get<FeedbackReceivedItem[]>('/feedback/received'),
  recallDates: () => api.get<string[]>('/cases/recall/dates'),
}
