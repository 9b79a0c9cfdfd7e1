import { useEffect, useState } from 'react'
import type { SharedResultSheet } from '../../schemas/mock/result-sheet.ts'
import { errorMessage } from '../api/client.ts'

/** A result sheet read once per key (a session code, or a shared link's token), or why it could not be. */
export function useResultSheet<S extends SharedResultSheet>(key: string, read: (key: string, signal: AbortSignal) => Promise<S>) {
  const [sheet, setSheet] = useState<S | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    read(key, controller.signal).then(setSheet, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error, 'Could not open the result sheet. Please try again.'))
    })
    return () => controller.abort()
    // `read` is one of the API's fixed functions; the key is what changes.
  }, [key])
  return { sheet, failure }
}
