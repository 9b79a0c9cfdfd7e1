import { RECORDING_MODES, type RecordingMode } from '../recordings/useRecordingMedia.ts'

/**
 * What the candidate chose to record for a station, kept for the tab (sessionStorage) so a reload of the station's
 * page records the same way.
 */
const keyFor = (id: number) => `plab.soloRecording.${id}`

export function rememberRecordingMode(id: number, mode: RecordingMode) {
  try {
    sessionStorage.setItem(keyFor(id), mode)
  } catch {
    // Storage refused: a reload then records with the camera, the default.
  }
}

export function recordingModeOf(id: number): RecordingMode {
  try {
    const kept = sessionStorage.getItem(keyFor(id))
    return (RECORDING_MODES as readonly string[]).includes(kept ?? '') ? (kept as RecordingMode) : 'video'
  } catch {
    return 'video'
  }
}
