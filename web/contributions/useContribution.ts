import { useEffect, useState } from 'react'
import type { CategoryView } from '../../schemas/content.ts'
import type { Contribution, ThreadEntry } from '../../schemas/contributions/contribution-wire.ts'
import { errorMessage } from '../api/client.ts'
import { fetchCategories } from '../api/content.ts'
import { contributionsApi } from '../api/contributions.ts'

/**
 * One contribution, read when the page opens (null id: a new one, nothing to read). Kept as the page's own writes
 * answer it, so a first save that gives a new case its id does not read it again.
 */
export function useContribution(id: number | null) {
  const [contribution, setContribution] = useState<Contribution | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const held = contribution?.id

  useEffect(() => {
    if (id === null || held === id) return
    const controller = new AbortController()
    setFailure(null)
    contributionsApi.get(id, controller.signal).then(setContribution, (error) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error, 'This case could not be loaded. Please try again.'))
    })
    return () => controller.abort()
  }, [id, held])

  return { contribution, setContribution, failure }
}

/** What a page reads once when it opens (a list): null while it loads; the failure in words. */
export function useLoadedOnce<T>(load: (signal: AbortSignal) => Promise<T>, failureText: string) {
  const [value, setValue] = useState<T | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    load(controller.signal).then(setValue, (error) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error, failureText))
    })
    return () => controller.abort()
    // Once, when the page opens: the loader and its words do not change.
  }, [])
  return { value, failure }
}

/** The bank's topics, to choose one and to name it; empty when they could not be read. */
export function useTopics(): CategoryView[] | null {
  const [topics, setTopics] = useState<CategoryView[] | null>(null)
  useEffect(() => {
    fetchCategories().then(setTopics, () => setTopics([]))
  }, [])
  return topics
}

export const topicName = (topics: CategoryView[] | null, id: number | undefined) => topics?.find((topic) => topic.id === id)?.name ?? ''

/** What a reviewer last wrote to the author (never the author's own note), as "My cases" quotes it. */
export const lastReviewerMessage = (thread: ThreadEntry[]) => thread.findLast((entry) => entry.kind !== 'SUBMITTED' && entry.body !== '')?.body ?? null
