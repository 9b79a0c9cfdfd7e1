import { useState } from 'react'
import { useLocation } from 'wouter'
import type { SoloStart } from '../../schemas/solo/solo-wire.ts'
import { errorMessage } from '../api/client.ts'
import { soloApi } from '../api/solo.ts'

/**
 * Starts a station practised alone and opens it (from Practise Alone, and from a card of Find a case): the button
 * is held meanwhile, and a refusal (the day's limit, a case gone) is said in the server's words.
 */
export function useStartSolo() {
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function start(body: SoloStart, started?: (id: number) => void) {
    setBusy(true)
    setFailure(null)
    try {
      const station = await soloApi.start(body)
      started?.(station.id)
      navigate(`/practise-alone/${station.id}`)
    } catch (error) {
      setFailure(errorMessage(error, 'The station could not be started. Please try again.'))
      setBusy(false)
    }
  }

  return { busy, failure, start }
}
