import { DEFAULT_CONSULTATION_TIME, DEFAULT_READING_TIME } from '../../schemas/session/config-rules.ts'
import { RANDOM_TOPIC, type ChecklistMark, type SessionConfig } from '../../schemas/session/types.ts'
import type { FeedbackSubmission } from '../session/room/submit-choices.ts'
import type { WireRole } from '../../schemas/session-wire.ts'
import { contentContracts } from '../../schemas/api/content.ts'
import { sessionContracts } from '../../schemas/api/sessions.ts'
import { call, type RequestOptions } from './client.ts'

/** The session calls of SPEC section 7, typed by their contracts (schemas/api/sessions.ts). */

/** The configure body: the spec's client also sends the legacy single recall date, always empty. */
export type ConfigureRequest = Omit<SessionConfig, 'recallStartDate' | 'recallEndDate'> & {
  recallDate: ''
  recallStartDate?: string
  recallEndDate?: string
}

export const sessionsApi = {
  /** keepOtherSessions: made to be planned for later, it leaves the user's other sessions only once started or listed for now. */
  create: (title: string, keepOtherSessions = false) =>
    call(sessionContracts.create, {
      body: {
        title,
        ...(keepOtherSessions ? { keepOtherSessions } : {}),
        sessionType: 'TOPIC',
        readingTime: DEFAULT_READING_TIME,
        consultationTime: DEFAULT_CONSULTATION_TIME,
        timingType: 'COUNTDOWN',
        selectedTopics: [RANDOM_TOPIC],
      },
    }),
  join: (code: string) => call(sessionContracts.join, { body: { code } }),
  /** The pages read a session through readSession (web/session/server-clock.ts), which also syncs their clock. */
  get: (code: string, options: Omit<RequestOptions, 'body'> = {}) => call(sessionContracts.get, { ...options, params: { code } }),
  joinWithRole: (code: string, role: Exclude<WireRole, 'doctor'>) => call(sessionContracts.joinWithRole, { params: { code }, body: { role } }),
  configure: (code: string, body: ConfigureRequest) => call(sessionContracts.configure, { params: { code }, body }),
  start: (code: string) => call(sessionContracts.start, { params: { code } }),
  /**
   * "Skip to Consultation" and "End Consultation" are the same call (WIRE.md section 5); naming the phase being
   * skipped makes the server refuse it (409) if the clock already moved the session on, instead of skipping twice.
   */
  skipPhase: (code: string, phase: 'READING' | 'CONSULTATION') => call(sessionContracts.skipPhase, { params: { code }, body: { phase } }),
  /** Naming the case being replaced makes a second click, after the first replaced it, a 409 instead of another case. */
  newCase: (code: string, caseId: number | undefined) => call(sessionContracts.newCase, { params: { code }, body: { caseId } }),
  selectNewTopic: (code: string, topic: string) => call(sessionContracts.selectNewTopic, { params: { code }, body: { topic } }),
  end: (code: string) => call(sessionContracts.end, { params: { code } }),
  complete: (code: string) => call(sessionContracts.complete, { params: { code } }),
  leave: (code: string) => call(sessionContracts.leave, { params: { code } }),
  active: (signal?: AbortSignal) => call(sessionContracts.active, { signal }),
  submitFeedback: (body: FeedbackSubmission) => call(sessionContracts.submitFeedback, { body }),
  feedbackReceived: () => call(sessionContracts.feedbackReceived),
  recallDates: () => call(contentContracts.recallDates),
  markChecklistItem: (code: string, itemId: string, mark: ChecklistMark) => call(sessionContracts.markChecklistItem, { params: { code }, body: { itemId, mark } }),
  revealFact: (code: string, factId: string, revealed: boolean) => call(sessionContracts.revealFact, { params: { code }, body: { factId, revealed } }),
  pauseCircuit: (code: string, reason: string) => call(sessionContracts.pauseCircuit, { params: { code }, body: { reason } }),
  resumeCircuit: (code: string) => call(sessionContracts.resumeCircuit, { params: { code } }),
  askToRecord: (code: string) => call(sessionContracts.askToRecord, { params: { code } }),
  consentToRecording: (code: string) => call(sessionContracts.consentToRecording, { params: { code } }),
  stopRecording: (code: string) => call(sessionContracts.stopRecording, { params: { code } }),
}
