import { RECORDING_MODES, type RecordingMode } from '../recordings/useRecordingMedia.ts'

/**
 * What the candidate chose to record for a station, kept for the tab (sessionStorage) so a reload of the station's
 * page records the same way. Where nothing is kept (the station opened in another tab), nothing is recorded until
 * the candidate chooses again: a camera never starts on a guess.
 */
const keyFor = (id: number) => `plab.soloRecording.${id}`

export function rememberRecordingMode(id: number, mode: RecordingMode) {
  try {
    sessionStorage.setItem(keyFor(id), mode)
  } catch {
    // Storage refused: a reload then asks again.
  }
}

export function recordingModeOf(id: number): RecordingMode | null {
  try {
    const kept = sessionStorage.getItem(keyFor(id))
    return (RECORDING_MODES as readonly string[]).includes(kept ?? '') ? (kept as RecordingMode) : null
  } catch {
    return null
  }
}
