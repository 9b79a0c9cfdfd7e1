import * as v from 'valibot'

/**
 * Reliability (issue 36): of the planned sessions a candidate held a seat in and whose attendance is settled, how
 * many they came to. Only the two numbers are ever shown: a no-show is never more than that count.
 */
export const ReliabilitySchema = v.object({ kept: v.number(), planned: v.number() })
export type Reliability = v.InferOutput<typeof ReliabilitySchema>

export const NO_RELIABILITY: Reliability = { kept: 0, planned: 0 }

/** "Kept 9 of 10 planned sessions", or "No planned sessions yet". */
export function reliabilityWords({ kept, planned }: Reliability): string {
  if (planned === 0) return 'No planned sessions yet'
  return `Kept ${kept} of ${planned} planned ${planned === 1 ? 'session' : 'sessions'}`
}

/**
 * Most reliable first: the share kept, then the longer record; a candidate with no record yet comes after every
 * record of at least three in four kept, so newcomers are not buried under people who rarely come.
 */
export function reliabilityRank({ kept, planned }: Reliability): number {
  return planned === 0 ? 0.75 : kept / planned + planned / 1e6
}
