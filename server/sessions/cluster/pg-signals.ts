import * as v from 'valibot'
import { IncomingSignalSchema } from '../../../schemas/rtc.ts'
import type { PgListener } from '../../db/pg-listener.ts'
import type { RelayedSignal } from '../../live/signals.ts'

const SIGNALS_CHANNEL = 'session_signals'
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7999

const NoticeSchema = v.object({
  origin: v.string(),
  sessionCode: v.string(),
  to: v.pipe(v.number(), v.safeInteger()),
  body: IncomingSignalSchema,
})

type SignalListener = (signal: RelayedSignal) => void

/**
 * Call signals between instances, on their own NOTIFY channel: the payload carries the whole signal (its size is
 * bounded below the NOTIFY limit by MAX_SIGNAL_BYTES), nothing is stored. One NOTIFY at a time, each on whichever
 * pooled connection, so the order of one instance's signals (an offer before its candidates) is the order heard.
 * The origin's own notices are skipped: it delivered the signal to its connections already.
 */
export function signalsOverPostgres(pgListener: PgListener, instanceId: string, log: { warn(object: unknown, message: string): void }) {
  const listeners = new Set<SignalListener>()
  let sending = Promise.resolve()

  /** A notice on SIGNALS_CHANNEL; anyone with database access can NOTIFY, so it is checked. */
  function heard(payload: string) {
    let notice: v.InferOutput<typeof NoticeSchema>
    try {
      notice = v.parse(NoticeSchema, JSON.parse(payload))
    } catch (error) {
      return log.warn({ err: error }, 'ignored a malformed signal notification')
    }
    if (notice.origin === instanceId) return
    const { sessionCode, to, body } = notice
    for (const listener of listeners) listener({ sessionCode, to, body })
  }
  const unsubscribe = pgListener.subscribe({ channels: [SIGNALS_CHANNEL], onNotification: (_channel, payload) => heard(payload) })

  return {
    share(signal: RelayedSignal) {
      const payload = JSON.stringify({ origin: instanceId, ...signal })
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) return log.warn({ sessionCode: signal.sessionCode }, 'a signal too large to NOTIFY was not shared')
      sending = sending
        .then(() => pgListener.notify(SIGNALS_CHANNEL, payload))
        .then(
          () => {},
          (error) => log.warn({ err: error }, 'could not share a signal'),
        )
    },
    onRemote(listener: SignalListener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Waits for the NOTIFYs under way, so none uses the pool once it closes. */
    async close() {
      unsubscribe()
      await sending
      listeners.clear()
    },
  }
}
