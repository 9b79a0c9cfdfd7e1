import { useCallback, useEffect, useRef, useState } from 'react'
import type { BoardListing } from '../../schemas/board.ts'
import { boardApi, type BoardFilters } from '../api/board.ts'
import { errorMessage } from '../api/client.ts'
import { connectTopic, type LiveStatus } from '../api/live.ts'
import { authStore } from '../auth/auth-store.ts'
import { BOARD_TOPIC } from '../../schemas/board.ts'
import { coalescedReads } from './coalesced-reads.ts'

/** How long the board waits after a notice for more before it reads again: short enough that a taken seat seems to go at once. */
const REREAD_WAIT_MS = 500

/**
 * The board's listings for the chosen filters, read again whenever the live board topic says something changed
 * (a listing, a seat taken anywhere), the notices of a moment read together, and after every (re)connection, so a
 * taken seat disappears for everyone.
 */
export function useBoard(filters: BoardFilters) {
  const [listings, setListings] = useState<BoardListing[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [live, setLive] = useState<LiveStatus>('connecting')
  const latest = useRef(0)
  const key = JSON.stringify(filters)

  const refresh = useCallback(async () => {
    const ticket = ++latest.current
    try {
      const found = await boardApi.listings(JSON.parse(key) as BoardFilters)
      // An older read that answers late must not overwrite a newer one.
      if (ticket !== latest.current) return
      setListings(found)
      setError(null)
    } catch (failure) {
      if (ticket === latest.current) setError(errorMessage(failure, 'Could not load the board'))
    }
  }, [key])

  useEffect(() => {
    void refresh()
  }, [refresh])

  const refreshRef = useRef(refresh)
  refreshRef.current = refresh
  useEffect(() => {
    const rereads = coalescedReads(() => refreshRef.current(), REREAD_WAIT_MS)
    const connection = connectTopic(BOARD_TOPIC, authStore.token, {
      onBody: () => rereads.request(),
      onConnected: () => void refreshRef.current(),
      onStatus: setLive,
    })
    return () => {
      rereads.stop()
      connection.close()
    }
  }, [])

  return { listings, error, live, refresh }
}
