import { useCallback, useEffect, useState } from 'react'
import type { UserRole } from '../../../schemas/auth.ts'
import type { UsersPage, UserStats } from '../../../schemas/api/admin.ts'
import { errorMessage } from '../../api/client.ts'
import { fetchUsers, fetchUserStats } from '../../api/admin.ts'

export const PAGE_SIZES = [5, 10, 25] as const
const SEARCH_DELAY_MS = 300

/**
 * The user list's query and its answer. Typing in the search box waits for a pause before asking the server;
 * any change of search, role or page size starts again at the first page; an answer to an older query is
 * dropped (aborted), so a slow response cannot overwrite a newer one.
 */
export function useUsersPage() {
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [role, setRoleFilter] = useState<'' | UserRole>('')
  const [size, setSizeValue] = useState<number>(10)
  const [page, setPage] = useState(0)
  const [result, setResult] = useState<UsersPage | null>(null)
  const [stats, setStats] = useState<UserStats | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText)
      setPage(0)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [searchText])

  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    fetchUsers({ page, size, search, role }, controller.signal)
      .then((answer) => {
        // Deleting the last user of the last page leaves it empty: show the page before it instead.
        if (answer.users.length === 0 && page > 0) return setPage(Math.max(0, answer.totalPages - 1))
        setResult(answer)
        setError(null)
        setLoading(false)
      })
      .catch((failure) => {
        if (controller.signal.aborted) return
        setError(errorMessage(failure, 'Failed to fetch users'))
        setLoading(false)
      })
    return () => controller.abort()
  }, [page, size, search, role, version])

  useEffect(() => {
    fetchUserStats()
      .then(setStats)
      .catch(() => setStats(null))
  }, [version])

  /** After a role change or a deletion: the page and the counts both move. */
  const refresh = useCallback(() => setVersion((value) => value + 1), [])

  const setRole = (next: '' | UserRole) => {
    setRoleFilter(next)
    setPage(0)
  }
  const setSize = (next: number) => {
    setSizeValue(next)
    setPage(0)
  }

  return { searchText, setSearchText, role, setRole, size, setSize, page, setPage, result, stats, error, loading, refresh }
}
