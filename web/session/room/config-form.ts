/**
 * The configure screen (SPEC sections 2, 5 and 9): what it offers and how its summary reads. Whether the
 * configuration can be sent is the server's rule (schemas/session/config-rules.ts).
 */
import { MEDICAL_TOPICS } from '../../../schemas/content.ts'
import { circuitMinutes, type Circuit } from '../../../schemas/mock/circuit.ts'
import { inWords } from './words.ts'
import { CONSULTATION_TIME_OPTIONS, READING_TIME_OPTIONS, sourceProblem } from '../../../schemas/session/config-rules.ts'
import { drawsFromEveryTopic, topicsToDraw, withTopicAdded } from '../../../schemas/session/topic-choice.ts'
import { RANDOM_TOPIC, type SessionType, type TimingType } from '../../../schemas/session/types.ts'
import { MLA_AREA_LABELS, STATION_TYPE_LABELS, type MlaArea, type StationType } from '../../../schemas/station/station.ts'

export { CONSULTATION_TIME_OPTIONS, READING_TIME_OPTIONS, RANDOM_TOPIC, topicsToDraw, withTopicAdded }

/** Used when the category list cannot be loaded (SPEC section 9). */
export const FALLBACK_TOPICS = [...MEDICAL_TOPICS, RANDOM_TOPIC] as const

export interface ConfigDraft {
  sessionType: SessionType
  topics: string[]
  recallStartDate: string
  recallEndDate: string
  readingTime: number
  consultationTime: number
  timingType: TimingType
  /** Issue 32: only stations of these types; none = any case. */
  stationTypes: StationType[]
  /** Issue 32: only stations covering one of these MLA areas; none = any case. */
  mlaAreas: MlaArea[]
  /** Issue 33: a mock exam's circuit (drawn from every topic); null for any other session. */
  circuit: Circuit | null
}

/** The topics the dropdown offers: every category, then Random, each only until it is chosen. */
export function topicOptions(categoryNames: readonly string[], chosen: readonly string[]): string[] {
  const all = [...categoryNames.filter((name) => name !== RANDOM_TOPIC), RANDOM_TOPIC]
  return all.filter((name) => !chosen.includes(name))
}

/** The message that keeps Start Practice disabled (the server's own refusal), or null when the configuration can be sent. */
export function configProblem(draft: ConfigDraft): string | null {
  const { sessionType, topics, recallStartDate, recallEndDate } = draft
  return sourceProblem({ sessionType, selectedTopics: topics, recallStartDate, recallEndDate })
}

/**
 * The summary's sentence saying where the cases will come from, or null while nothing is chosen (the
 * configuration's problem says so instead). `formatDay` writes a yyyy-mm-dd date for the reader.
 */
export function drawDescription(draft: ConfigDraft, formatDay: (isoDate: string) => string): string | null {
  if (draft.circuit) return `A mock exam of ${draft.circuit.stations} stations drawn from every topic, mixing station types${draft.circuit.restStations ? `, with ${draft.circuit.restStations} rest ${draft.circuit.restStations === 1 ? 'station' : 'stations'}` : ''}`
  const only = kindsInWords(draft)
  if (draft.sessionType === 'RECALL') {
    if (configProblem(draft)) return null
    const [start, end] = [formatDay(draft.recallStartDate), formatDay(draft.recallEndDate)]
    return start === end ? `Cases will be drawn from the recall exam of ${start}${only}` : `Cases will be drawn from the recall exams of ${start} to ${end}${only}`
  }
  if (drawsFromEveryTopic(draft.topics)) return `Cases will be drawn from every topic at random${only}`
  const topics = topicsToDraw(draft.topics)
  return topics.length === 0 ? null : `Cases will be drawn from ${inWords(topics)}${only}`
}

/** The station types and MLA areas chosen, as the summary's tail: nothing when none is. */
function kindsInWords(draft: ConfigDraft): string {
  const types = draft.stationTypes.length === 0 ? '' : `, ${inWords(draft.stationTypes.map((type) => STATION_TYPE_LABELS[type].toLowerCase()))} stations only`
  const areas = draft.mlaAreas.length === 0 ? '' : `, covering ${inWords(draft.mlaAreas.map((area) => MLA_AREA_LABELS[area]), 'or')}`
  return types + areas
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

/** A station's reading and consultation; a mock exam's whole circuit, rests and change-overs included. */
export function totalMinutes(draft: Pick<ConfigDraft, 'readingTime' | 'consultationTime'> & Partial<Pick<ConfigDraft, 'circuit'>>): number {
  return draft.circuit ? circuitMinutes(draft.circuit, draft) : draft.readingTime + draft.consultationTime
}
