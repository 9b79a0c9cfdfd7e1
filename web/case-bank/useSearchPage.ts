import { useEffect, useState } from 'react'
import { CaseSearchQuery, type CaseSearchQueryIn } from '../../schemas/case-search.ts'
import { validate, type FieldErrors } from '../../schemas/validate.ts'
import { errorMessage } from '../api/client.ts'

/** Long enough to wait for the next key while typing, short enough to feel immediate. */
const TYPING_PAUSE_MS = 300

export interface SearchState<Page> {
  /** The last page read; kept while the next one loads, so the list does not jump. */
  page: Page | null
  loading: boolean
  error: string | null
  /** The filters the shared schema refused, by key: shown under each field, and nothing is asked. */
  fieldErrors: FieldErrors
  /** Asks again after a failure. */
  retry: () => void
}

/**
 * Reads a page of cases for a query a moment after it last changed, and again when `refreshKey` changes (the
 * admin's list after an edit). An answer overtaken by a newer query is dropped.
 */
export function useSearchPage<Page>(read: (query: CaseSearchQueryIn, signal: AbortSignal) => Promise<Page>, query: CaseSearchQueryIn, refreshKey?: unknown): SearchState<Page> {
  const [state, setState] = useState<Omit<SearchState<Page>, 'retry'>>({ page: null, loading: true, error: null, fieldErrors: {} })
  const [attempt, setAttempt] = useState(0)
  const key = JSON.stringify(query)

  useEffect(() => {
    const checked = validate(CaseSearchQuery, JSON.parse(key))
    if (!checked.ok) {
      setState((current) => ({ ...current, loading: false, error: null, fieldErrors: checked.errors }))
      return
    }
    setState((current) => ({ ...current, loading: true, error: null, fieldErrors: {} }))
    const controller = new AbortController()
    const timer = setTimeout(() => {
      read(JSON.parse(key), controller.signal).then(
        (page) => setState({ page, loading: false, error: null, fieldErrors: {} }),
        (failure) => {
          if (controller.signal.aborted) return
          setState((current) => ({ ...current, loading: false, error: errorMessage(failure, 'The cases could not be loaded. Please try again.') }))
        },
      )
    }, TYPING_PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, read, refreshKey, attempt])

  return { ...state, retry: () => setAttempt((count) => count + 1) }
}
