import { useCallback, useEffect, useRef } from 'react'

/**
 * Calls `load` now, then every `intervalMs` while the page is open; `refresh` loads again at once. A load still
 * running when the next is due is not doubled, and the latest `load` is always the one called.
 */
export function usePolling(load: (signal: AbortSignal) => Promise<void>, intervalMs: number) {
  const loadRef = useRef(load)
  loadRef.current = load
  const running = useRef<AbortController | null>(null)

  const refresh = useCallback(async () => {
    if (running.current) return
    const controller = new AbortController()
    running.current = controller
    try {
      await loadRef.current(controller.signal)
    } finally {
      if (running.current === controller) running.current = null
    }
  }, [])

  useEffect(() => {
    void refresh()
    const timer = setInterval(() => void refresh(), intervalMs)
    return () => {
      clearInterval(timer)
      running.current?.abort()
      running.current = null
    }
  }, [refresh, intervalMs])

  return refresh
}
