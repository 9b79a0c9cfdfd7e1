import { useMemo } from 'react'
import { useShownZone } from '../../../board/times.ts'
import { momentWords, type MomentWords } from './timeline-steps.ts'

/**
 * The timeline's and the round summary's moments in the zone their page provides (the admin's own, from
 * useTimeZone, as the Sessions tab writes them): one clock for every time an admin reads about a session.
 */
export function useMomentWords(): MomentWords {
  const zone = useShownZone()
  return useMemo(() => momentWords(zone), [zone])
}
