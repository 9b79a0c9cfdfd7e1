import { useCallback, useEffect, useState } from 'react'
import type { SoloStation } from '../../schemas/solo/solo-wire.ts'
import { deadlineOf } from '../../schemas/session/clock.ts'
import { errorMessage } from '../api/client.ts'
import { soloApi } from '../api/solo.ts'
import { serverNow } from '../session/server-clock.ts'

/** How often a page whose clock has run out asks again, until the server's clock agrees (the page's may be early). */
const RECHECK_MS = 1000

/**
 * One solo station, read from the server and read again when its running clock runs out: the server decides the
 * phase from its own clock, so the script and checklist arrive only once the station is over there too.
 */
export function useSoloStation(id: number) {
  const [station, setStation] = useState<SoloStation | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(
    (signal?: AbortSignal) =>
      soloApi.get(id, signal).then(
        (next) => {
          setStation(next)
          setFailure(null)
        },
        (error: unknown) => {
          if (!signal?.aborted) setFailure(errorMessage(error, 'The station could not be loaded. Please try again.'))
        },
      ),
    [id],
  )

  useEffect(() => {
    const controller = new AbortController()
    void load(controller.signal)
    return () => controller.abort()
  }, [load])

  // Keyed by the deadline, not the object: each read brings a new object, and an unchanged deadline must not ask at once.
  const deadline = station?.timer ? deadlineOf(station.timer) : null
  useEffect(() => {
    if (deadline === null) return
    const controller = new AbortController()
    const wait = Math.max(0, deadline - serverNow())
    let handle = setTimeout(function ask() {
      void load(controller.signal)
      handle = setTimeout(ask, RECHECK_MS)
    }, wait)
    return () => {
      controller.abort()
      clearTimeout(handle)
    }
  }, [deadline, load])

  const moveOn = useCallback(
    async (from: 'READING' | 'CONSULTATION') => {
      setBusy(true)
      try {
        setStation(await soloApi.moveOn(id, from))
        setFailure(null)
      } catch (error) {
        setFailure(errorMessage(error, 'That did not reach the server. Please try again.'))
      } finally {
        setBusy(false)
      }
    },
    [id],
  )

  return { station, setStation, failure, busy, moveOn }
}
