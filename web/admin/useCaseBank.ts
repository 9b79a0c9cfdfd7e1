import { useCallback, useEffect, useState } from 'react'
import type { CaseView, CategoryView } from '../../schemas/content.ts'
import { errorMessage } from '../api/client.ts'
import { fetchCases, fetchCategories } from '../api/content.ts'

/**
 * The admin's working set (SPEC.md section 3): every case and category, loaded once for both tabs and kept
 * up to date from each save's answer instead of reloading everything.
 */
export function useCaseBank() {
  const [cases, setCases] = useState<CaseView[]>([])
  const [categories, setCategories] = useState<CategoryView[]>([])
  const [loading, setLoading] = useState(true)
  const [loadError, setLoadError] = useState<string | null>(null)

  /** Quiet: the tabs stay on screen meanwhile (after an import, whose outcome is still being read). */
  const load = useCallback(async ({ quiet = false } = {}) => {
    if (!quiet) setLoading(true)
    setLoadError(null)
    try {
      const [loadedCases, loadedCategories] = await Promise.all([fetchCases(), fetchCategories()])
      setCases(loadedCases)
      setCategories(sortByName(loadedCategories))
    } catch (failure) {
      setLoadError(errorMessage(failure, 'Failed to load cases and categories. Please try again.'))
    } finally {
      setLoading(false)
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  const putCase = useCallback((saved: CaseView) => setCases((list) => upsert(list, saved)), [])
  const removeCase = useCallback((id: number) => setCases((list) => list.filter((item) => item.id !== id)), [])

  const putCategory = useCallback((saved: CategoryView) => {
    setCategories((list) => sortByName(upsert(list, saved)))
    // A renamed category shows under its new name in every case that uses it.
    setCases((list) => list.map((item) => (item.category.id === saved.id ? { ...item, category: saved } : item)))
  }, [])
  const removeCategory = useCallback((id: number) => setCategories((list) => list.filter((item) => item.id !== id)), [])

  return { cases, categories, loading, loadError, reload: load, putCase, removeCase, putCategory, removeCategory }
}

export type CaseBank = ReturnType<typeof useCaseBank>

function upsert<T extends { id: number }>(list: T[], item: T): T[] {
  return list.some((existing) => existing.id === item.id) ? list.map((existing) => (existing.id === item.id ? item : existing)) : [...list, item]
}

const sortByName = (list: CategoryView[]) => [...list].sort((a, b) => a.name.localeCompare(b.name))
