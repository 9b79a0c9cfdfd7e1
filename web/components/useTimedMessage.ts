import { useCallback, useEffect, useState } from 'react'

export interface TimedMessage {
  tone: 'error' | 'success'
  text: string
}

/** Profile messages disappear on their own after 5 s (SPEC section 9). */
export const MESSAGE_CLEAR_MS = 5000

export function useTimedMessage(durationMs = MESSAGE_CLEAR_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null)
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(() => setMessage(null), durationMs)
    return () => clearTimeout(timer)
  }, [message, durationMs])
  const show = useCallback((tone: TimedMessage['tone'], text: string) => setMessage({ tone, text }), [])
  const clear = useCallback(() => setMessage(null), [])
  return { message, show, clear }
}
