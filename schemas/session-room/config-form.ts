/**
 * The configure screen's rules (SPEC sections 2, 5 and 9): a topic session needs a topic, a recall session a
 * date range whose start is not after its end; the summary adds reading and consultation into the total time.
 */
import { MEDICAL_TOPICS } from '../content.ts'
import { CONSULTATION_TIME_OPTIONS, READING_TIME_OPTIONS } from '../session/config-rules.ts'
import { RANDOM_TOPIC, type SessionType, type TimingType } from '../session/types.ts'

export { CONSULTATION_TIME_OPTIONS, READING_TIME_OPTIONS, RANDOM_TOPIC }

export const DEFAULT_READING_TIME = 2
export const DEFAULT_CONSULTATION_TIME = 8

/** Used when the category list cannot be loaded (SPEC section 9). */
export const FALLBACK_TOPICS = [...MEDICAL_TOPICS, RANDOM_TOPIC] as const

export const TOPIC_REQUIRED = 'Please select at least one topic for topic-based practice'
export const RANGE_REQUIRED = 'Please select a date range for recall practice (both start and end dates are required)'

export interface ConfigDraft {
  sessionType: SessionType
  topics: string[]
  recallStartDate: string
  recallEndDate: string
  readingTime: number
  consultationTime: number
  timingType: TimingType
}

/** The topics the dropdown offers: every category, then Random, each only until it is chosen. */
export function topicOptions(categoryNames: readonly string[], chosen: readonly string[]): string[] {
  const all = [...categoryNames.filter((name) => name !== RANDOM_TOPIC), RANDOM_TOPIC]
  return all.filter((name) => !chosen.includes(name))
}

export function withTopic(topics: readonly string[], topic: string): string[] {
  return topic && !topics.includes(topic) ? [...topics, topic] : [...topics]
}

/** The message that keeps Start Practice disabled, or null when the configuration can be sent. */
export function configProblem(draft: ConfigDraft): string | null {
  if (draft.sessionType === 'TOPIC') return draft.topics.length === 0 ? TOPIC_REQUIRED : null
  if (!draft.recallStartDate || !draft.recallEndDate) return RANGE_REQUIRED
  return draft.recallStartDate > draft.recallEndDate ? 'The start date must not be after the end date' : null
}

/** The recall dates the chosen range covers (yyyy-mm-dd strings order like the dates they name). */
export function datesInRange(dates: readonly string[], start: string, end: string): string[] {
  if (!start || !end) return []
  return dates.filter((date) => date >= start && date <= end)
}

/** The date inputs' limits: the start at most the end, the end at least the start, both within the known dates. */
export function rangeLimits(dates: readonly string[], start: string, end: string) {
  const earliest = dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : ''
  const latest = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : ''
  return {
    startMin: earliest,
    startMax: end || latest,
    endMin: start || earliest,
    endMax: latest,
  }
}

export function minutesLabel(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

export function totalMinutes(draft: Pick<ConfigDraft, 'readingTime' | 'consultationTime'>): number {
  return draft.readingTime + draft.consultationTime
}
