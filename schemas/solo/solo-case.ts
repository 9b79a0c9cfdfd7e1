import type { CaseSummary } from '../session/decision-context.ts'
import { STATION_TYPE_LABELS } from '../station/station.ts'
import type { SoloChoice } from './solo-wire.ts'

/**
 * Which case a solo station plays (issue 34): a station (the script and checklist are what the candidate marks
 * against afterwards), of the chosen topic or type, one the candidate has not practised before where there is
 * one, else any of them; at random among those, ordered by id so the same number picks the same case.
 */
export function soloCase(catalog: readonly CaseSummary[], choice: SoloChoice, practised: ReadonlySet<number>, random: () => number): CaseSummary | null {
  const fitting = catalog.filter((c) => c.stationType != null && fits(c, choice)).sort((a, b) => a.id - b.id)
  const fresh = fitting.filter((c) => !practised.has(c.id))
  const pool = fresh.length > 0 ? fresh : fitting
  if (pool.length === 0) return null
  return pool[Math.min(Math.floor(random() * pool.length), pool.length - 1)]
}

function fits(c: CaseSummary, choice: SoloChoice): boolean {
  if (choice.kind === 'topic') return c.categoryName === choice.topic
  if (choice.kind === 'stationType') return c.stationType === choice.stationType
  return true
}

/** Why nothing could be drawn, in the words of the choice. */
export function noSoloCase(choice: SoloChoice): string {
  if (choice.kind === 'topic') return `The topic "${choice.topic}" has no station to practise alone yet: choose another topic, or "Surprise me"`
  if (choice.kind === 'stationType') return `There is no ${STATION_TYPE_LABELS[choice.stationType].toLowerCase()} station yet: choose another type, or "Surprise me"`
  return 'The case bank has no station to practise alone yet'
}
