import { useEffect, useState } from 'react'
import type { SessionDetails } from '../../../schemas/session-wire.ts'
import { FALLBACK_TOPICS, RANDOM_TOPIC, topicsToDraw } from '../room/config-form.ts'
import { parseTopics } from '../room/room-state.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { fetchCategories } from '../../api/content.ts'
import { sessionsApi } from '../../api/sessions.ts'
import { readSession } from '../server-clock.ts'
import type { ConfigDraft } from '../room/config-form.ts'

export interface ConfigureData {
  session: SessionDetails
  categories: string[]
  recallDates: string[]
  initial: ConfigDraft
}

/**
 * What the configure page needs: the session (is this the host? what is set already?), the category names and
 * the recall dates. If the categories cannot be read, the built-in topic list stands in and there are no
 * recall dates (SPEC section 8).
 */
export function useConfigureData(code: string) {
  const [data, setData] = useState<ConfigureData | null>(null)
  const [error, setError] = useState<string | null>(code ? null : 'No session code provided')

  useEffect(() => {
    if (!code) return
    const controller = new AbortController()
    ;(async () => {
      try {
        const session = await readSession(code, controller.signal)
        const [categories, dates] = await Promise.allSettled([fetchCategories(), sessionsApi.recallDates()])
        if (controller.signal.aborted) return
        const categoriesOk = categories.status === 'fulfilled'
        setData({
          session,
          // A topic with no case would fail only at Start, once the partners have joined: not offered (issue 29).
          categories: categoriesOk ? categories.value.filter((category) => category.caseCount !== 0).map((category) => category.name) : [...FALLBACK_TOPICS],
          recallDates: categoriesOk && dates.status === 'fulfilled' ? dates.value : [],
          initial: {
            sessionType: session.sessionType,
            topics: session.sessionType === 'TOPIC' ? topicsToDraw(parseTopics(session.selectedTopics)) : [RANDOM_TOPIC],
            recallStartDate: session.recallStartDate ?? '',
            recallEndDate: session.recallEndDate ?? '',
            readingTime: session.readingTime,
            consultationTime: session.consultationTime,
            timingType: session.timingType,
            stationTypes: session.stationTypes ?? [],
            mlaAreas: session.mlaAreas ?? [],
            circuit: session.circuit && { stations: session.circuit.stations, restStations: session.circuit.restStations, changeoverSeconds: session.circuit.changeoverSeconds, candidate: session.circuit.candidate },
          },
        })
      } catch (failure) {
        if (controller.signal.aborted) return
        setError(failure instanceof ApiError && failure.status === 404 ? 'Session not found' : errorMessage(failure, 'Failed to load session information'))
      }
    })()
    return () => controller.abort()
  }, [code])

  return { data, error }
}
