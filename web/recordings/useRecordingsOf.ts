import { useEffect, useState } from 'react'
import { recordingsFor, updateTitle, type RecordingMeta, type RecordingSource } from './recording-store.ts'

/**
 * The recordings this device keeps of one station, newest first, named by the case's title now that the page may
 * show it (the title is hidden from the doctor while the station runs); null while they are read. `version` reads
 * them again (a recording just finished on this page).
 */
export function useRecordingsOf(source: RecordingSource, title: string, version = 0): RecordingMeta[] | null {
  const [recordings, setRecordings] = useState<RecordingMeta[] | null>(null)
  const key = JSON.stringify(source)
  useEffect(() => {
    let current = true
    const of = JSON.parse(key) as RecordingSource
    updateTitle(of, title)
      .catch(() => undefined)
      .then(() => recordingsFor(of))
      .then(
        (found) => current && setRecordings(found),
        () => current && setRecordings([]),
      )
    return () => {
      current = false
    }
  }, [key, title, version])
  return recordings
}
