import { useEffect, useState } from 'react'
import { adminSessionContracts, type AdminSessionsPage } from '../../../schemas/api/admin-sessions.ts'
import type { FieldErrors } from '../../../schemas/validate.ts'
import { useAuth } from '../../account/AuthContext.tsx'
import { ApiError, call, errorMessage } from '../../api/client.ts'
import { findQuery, keepSessionSearch, keptSessionSearch, searchProblems, type KeptSessionSearch, type SessionSearchFields } from './session-search.ts'

type Asked = NonNullable<KeptSessionSearch['asked']>

/**
 * The Sessions tab's search: the fields as typed, the search last run and its answer. Both are kept in this tab's
 * sessionStorage, so a reload shows the same fields and runs the same search again. An answer to an older search
 * is dropped (aborted), so a slow one cannot overwrite a newer one.
 */
export function useSessionSearch() {
  const userId = useAuth().user?.id ?? 0
  const [kept] = useState(() => keptSessionSearch(userId))
  const [typed, setTyped] = useState(kept.typed)
  const [asked, setAsked] = useState<Asked | null>(kept.asked)
  // Searching again for the same words reads again: someone may have joined a session since.
  const [attempt, setAttempt] = useState(0)
  const [found, setFound] = useState<AdminSessionsPage | null>(null)
  const [loading, setLoading] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})

  useEffect(() => keepSessionSearch(userId, { typed, asked }), [userId, typed, asked])

  const askedKey = asked && JSON.stringify(asked)
  useEffect(() => {
    if (!askedKey) return
    const { fields, page } = JSON.parse(askedKey) as Asked
    const controller = new AbortController()
    setLoading(true)
    setFailure(null)
    call(adminSessionContracts.find, { query: findQuery(fields, page), signal: controller.signal }).then(
      (answer) => {
        // An answer that arrives as a newer search starts must not stand in for it.
        if (controller.signal.aborted) return
        // The page kept from before a reload may be past the end now: show the last one instead.
        if (answer.sessions.length === 0 && page > 0 && answer.totalPages > 0) return setAsked({ fields, page: answer.totalPages - 1 })
        setFound(answer)
        setFieldErrors({})
        setLoading(false)
      },
      (error) => {
        if (controller.signal.aborted) return
        // A field the server refused is shown at the field, and the list no longer stands for what was asked.
        setFieldErrors((error instanceof ApiError && error.validationErrors) || {})
        setFailure(errorMessage(error, 'The sessions could not be loaded. Please try again.'))
        setFound(null)
        setLoading(false)
      },
    )
    return () => controller.abort()
  }, [askedKey, attempt])

  /** Runs the typed search from its first page; returns the fields' problems (nothing is asked when there are any). */
  const search = (): FieldErrors => {
    const problems = searchProblems(typed)
    setFieldErrors(problems)
    setFailure(null)
    if (Object.keys(problems).length > 0) return problems
    setAsked({ fields: typed, page: 0 })
    setAttempt((count) => count + 1)
    return problems
  }

  const setField = (name: keyof SessionSearchFields, value: string) => setTyped((fields) => ({ ...fields, [name]: value }))
  const setPage = (page: number) => asked && setAsked({ fields: asked.fields, page })
  const retry = () => setAttempt((count) => count + 1)

  return { typed, setField, asked, search, found, loading, failure, fieldErrors, setPage, retry }
}

export type SessionSearch = ReturnType<typeof useSessionSearch>
