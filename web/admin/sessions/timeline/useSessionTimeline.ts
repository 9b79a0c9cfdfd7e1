import { useCallback, useEffect, useState } from 'react'
import { adminSessionContracts, type AdminSessionState, type AdminTimeline } from '../../../../schemas/api/admin-sessions.ts'
import { ApiError, call, errorMessage } from '../../../api/client.ts'

/**
 * The two reads of the session timeline page (issue 37): the whole log as sentences, and the session as it stood
 * after one event. An answer to an older request is dropped (aborted), so stepping quickly through the events
 * never shows a step other than the one chosen last.
 */

export interface Loaded<T> {
  /** The latest answer; kept while the next one loads, so the page does not jump as the admin steps. */
  value: T | null
  loading: boolean
  /** The server's words (or ours), and the answer's status: 0 for no answer at all. */
  failure: { message: string; status: number } | null
  retry: () => void
}

/** Asking again helps only when the server could not answer; a refusal (unknown code, bad version) stays one. */
export const worthRetrying = (failure: { status: number }) => failure.status === 0 || failure.status >= 500

/** One read that follows `key` (null: nothing to read); the round summary page reads with it too. */
export function useLoaded<T>(key: string | null, read: (signal: AbortSignal) => Promise<T>, fallback: string): Loaded<T> {
  const [value, setValue] = useState<T | null>(null)
  const [loading, setLoading] = useState(key !== null)
  const [failure, setFailure] = useState<Loaded<T>['failure']>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (key === null) {
      setValue(null)
      setLoading(false)
      setFailure(null)
      return
    }
    const controller = new AbortController()
    setLoading(true)
    setFailure(null)
    read(controller.signal).then(
      (answer) => {
        // An answer that arrives as the admin moves on must not stand in for the newer one.
        if (controller.signal.aborted) return
        setValue(answer)
        setLoading(false)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setValue(null)
        setFailure({ message: errorMessage(error, fallback), status: error instanceof ApiError ? error.status : 0 })
        setLoading(false)
      },
    )
    return () => controller.abort()
    // `read` is rebuilt each render from the key's parts; the key says when it asks for something else.
  }, [key, attempt])

  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { value, loading, failure, retry }
}

export function useTimeline(code: string): Loaded<AdminTimeline> {
  return useLoaded(code, (signal) => call(adminSessionContracts.timeline, { params: { code }, signal }), 'The timeline could not be loaded. Please try again.')
}

/** `version` as the address has it (null: no event chosen); the server says what is wrong with a bad one. */
export function useStateAt(code: string, version: string | null): Loaded<AdminSessionState> {
  return useLoaded(
    version === null ? null : `${code}@${version}`,
    (signal) => call(adminSessionContracts.state, { params: { code }, query: { version: version ?? '' }, signal }),
    'The session at that event could not be loaded. Please try again.',
  )
}
