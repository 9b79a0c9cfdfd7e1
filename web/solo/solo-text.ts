import type { SoloPhase } from '../../schemas/solo/solo-station.ts'

/** A solo station's phases in words (issue 34). */
export const SOLO_PHASE_TEXT: Record<SoloPhase, string> = {
  READING: 'reading',
  CONSULTATION: 'in the station',
  MARKING: 'over: marking',
}
