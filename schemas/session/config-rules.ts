/**
 * What a session's configuration may be, and how long each phase lasts under it.
 * The route checks the body's shape; these are the rules of the product (SPEC.md sections 5 and 9).
 */
import { topicsToDraw } from './topic-choice.ts'
import { FEEDBACK_TIMEOUT_SECONDS, SessionRuleError, type Phase, type SessionConfig } from './types.ts'

export const READING_TIME_OPTIONS = [1, 1.5, 2, 3, 5] as const
export const CONSULTATION_TIME_OPTIONS = [5, 7, 7.5, 8, 10, 12, 15] as const

/** Minutes a body that names no timing gets (SPEC.md section 3). */
export const DEFAULT_READING_TIME = 2
export const DEFAULT_CONSULTATION_TIME = 8

/**
 * The real PLAB 2 station's timing (../shared/PLAB2.md): 1.5 minutes to read, 8 in the station on a countdown. The
 * configure page sets it in one step; the spec's defaults above stay 2 and 8.
 */
export const EXAM_TIMING = { readingTime: 1.5, consultationTime: 8, timingType: 'COUNTDOWN' } as const satisfies Pick<SessionConfig, 'readingTime' | 'consultationTime' | 'timingType'>

export const TOPIC_REQUIRED = 'Please select at least one topic for topic-based practice'
export const RANGE_REQUIRED = 'Please select a date range for recall practice (both start and end dates are required)'
export const RANGE_REVERSED = 'The recall start date must not be after the end date'
export const DATE_FORMAT_REQUIRED = 'Recall dates must be in YYYY-MM-DD format'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Seconds the phase's clock runs; 0 for phases that do not end by themselves. */
export function phaseDurationSeconds(config: Pick<SessionConfig, 'readingTime' | 'consultationTime' | 'circuit'>, phase: Phase): number {
  switch (phase) {
    case 'READING':
      return Math.round(config.readingTime * 60)
    case 'CONSULTATION':
      return Math.round(config.consultationTime * 60)
    case 'FEEDBACK':
      // A mock exam's change-over: the examiner finishes marking, then the next station begins (issue 33).
      return config.circuit ? config.circuit.changeoverSeconds : FEEDBACK_TIMEOUT_SECONDS
    case 'WAITING':
    case 'COMPLETED':
      return 0
  }
}

/** Checked at creation too: a session with an odd duration would run a clock no client offers. */
export function checkTimings(config: SessionConfig): void {
  if (!(READING_TIME_OPTIONS as readonly number[]).includes(config.readingTime)) {
    throw new SessionRuleError(400, `Reading time must be one of ${listOf(READING_TIME_OPTIONS)} minutes`)
  }
  if (!(CONSULTATION_TIME_OPTIONS as readonly number[]).includes(config.consultationTime)) {
    throw new SessionRuleError(400, `Consultation time must be one of ${listOf(CONSULTATION_TIME_OPTIONS)} minutes`)
  }
}

/**
 * The full check of the configure step, returning the configuration as it will be stored: for TOPIC sessions
 * the topics it draws from (topic-choice.ts), and no leftover fields of the other session type.
 */
export function normalisedConfig(config: SessionConfig): SessionConfig {
  checkTimings(config)
  const problem = sourceProblem(config)
  if (problem) throw new SessionRuleError(400, problem)
  return config.sessionType === 'TOPIC'
    ? { ...config, selectedTopics: topicsToDraw(config.selectedTopics), recallStartDate: null, recallEndDate: null }
    : { ...config, selectedTopics: [] }
}

export type CaseSource = Pick<SessionConfig, 'sessionType' | 'selectedTopics' | 'recallStartDate' | 'recallEndDate'>

/**
 * Why the cases cannot be drawn as configured, or null: a topic session needs a topic, a recall session a
 * range of yyyy-mm-dd dates whose start is not after its end. The configure screen keeps Start Practice
 * disabled with this message; the server refuses with it.
 */
export function sourceProblem(source: CaseSource): string | null {
  if (source.sessionType === 'TOPIC') return topicsToDraw(source.selectedTopics).length === 0 ? TOPIC_REQUIRED : null
  const { recallStartDate, recallEndDate } = source
  if (!recallStartDate || !recallEndDate) return RANGE_REQUIRED
  if (!ISO_DATE.test(recallStartDate) || !ISO_DATE.test(recallEndDate)) return DATE_FORMAT_REQUIRED
  return recallStartDate > recallEndDate ? RANGE_REVERSED : null
}

function listOf(options: readonly number[]): string {
  return `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`
}
