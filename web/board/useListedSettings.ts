import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '../api/client.ts'
import { configProblem, type ConfigDraft } from '../session/room/config-form.ts'

/** How long the host's settings rest before a listed session saves them: one save for a burst of clicks. */
const SETTLE_MS = 800

/**
 * Once the session is listed with `listedWith`, settings the host changes are saved as they settle, so the board
 * (told by the session's own SessionConfigured) keeps saying what the session will be (issue 30). Answers what
 * the host should read about it, or null while there is nothing to say.
 */
export function useListedSettings(listedWith: ConfigDraft | null, settings: ConfigDraft, save: () => Promise<unknown>): string | null {
  const [status, setStatus] = useState<string | null>(null)
  const saved = useRef<string | null>(null)
  useEffect(() => {
    if (listedWith) saved.current = JSON.stringify(listedWith)
  }, [listedWith])

  useEffect(() => {
    if (!listedWith || saved.current === JSON.stringify(settings)) return
    const problem = configProblem(settings)
    if (problem) return setStatus(`The board keeps your last saved settings until this is fixed: ${problem}`)
    const timer = setTimeout(() => {
      save().then(
        () => {
          saved.current = JSON.stringify(settings)
          setStatus('Saved: the board shows your new settings')
        },
        (failure) => setStatus(errorMessage(failure, 'Could not save the new settings for the board')),
      )
    }, SETTLE_MS)
    return () => clearTimeout(timer)
  }, [listedWith, settings, save])
  return status
}
