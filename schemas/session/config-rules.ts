/**
 * What a session's configuration may be, and how long each phase lasts under it.
 * The route checks the body's shape; these are the rules of the product (SPEC.md sections 5 and 9).
 */
import { FEEDBACK_TIMEOUT_SECONDS, SessionRuleError, type Phase, type SessionConfig } from './types.ts'

export const READING_TIME_OPTIONS = [1, 1.5, 2, 3, 5] as const
export const CONSULTATION_TIME_OPTIONS = [5, 7, 7.5, 8, 10, 12, 15] as const

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Seconds the phase's clock runs; 0 for phases that do not end by themselves. */
export function phaseDurationSeconds(config: SessionConfig, phase: Phase): number {
  switch (phase) {
    case 'READING':
      return Math.round(config.readingTime * 60)
    case 'CONSULTATION':
      return Math.round(config.consultationTime * 60)
    case 'FEEDBACK':
      return FEEDBACK_TIMEOUT_SECONDS
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
 * The full check of the configure step, returning the configuration as it will be stored: topics without
 * duplicates for TOPIC sessions, and no leftover fields of the other session type.
 */
export function normalisedConfig(config: SessionConfig): SessionConfig {
  checkTimings(config)
  if (config.sessionType === 'TOPIC') {
    const selectedTopics = [...new Set(config.selectedTopics.map((topic) => topic.trim()).filter((topic) => topic !== ''))]
    if (selectedTopics.length === 0) {
      throw new SessionRuleError(400, 'Please select at least one topic for topic-based practice')
    }
    return { ...config, selectedTopics, recallStartDate: null, recallEndDate: null }
  }
  const { recallStartDate, recallEndDate } = config
  if (!recallStartDate || !recallEndDate) {
    throw new SessionRuleError(400, 'Please select a date range for recall practice (both start and end dates are required)')
  }
  if (!ISO_DATE.test(recallStartDate) || !ISO_DATE.test(recallEndDate)) {
    throw new SessionRuleError(400, 'Recall dates must be in YYYY-MM-DD format')
  }
  if (recallStartDate > recallEndDate) {
    throw new SessionRuleError(400, 'The recall start date must not be after the end date')
  }
  return { ...config, selectedTopics: [], recallStartDate, recallEndDate }
}

function listOf(options: readonly number[]): string {
  return `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`
}
