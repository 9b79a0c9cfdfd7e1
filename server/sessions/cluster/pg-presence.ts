import type { PgListener } from '../../db/pg-listener.ts'
import type { PresenceChannel, RemotePresenceListener } from './bus.ts'

const PRESENCE_CHANNEL = 'session_presence'

/**
 * Presence changes across instances, on their own NOTIFY channel: a hint to re-read live_presence now rather than
 * at the next heartbeat (cluster-presence.ts), so a lost notice costs a few seconds, never a wrong answer for
 * long. The origin's own notices are skipped.
 */
export function presenceOverPostgres(pgListener: PgListener, instanceId: string, log: { warn(object: unknown, message: string): void }) {
  const listeners = new Set<RemotePresenceListener>()
  const unsubscribe = pgListener.subscribe({
    channels: [PRESENCE_CHANNEL],
    onNotification(_channel, payload) {
      let change: Parameters<RemotePresenceListener>[0]
      try {
        change = JSON.parse(payload)
      } catch (error) {
        return log.warn({ err: error }, 'ignored a malformed presence notification')
      }
      if (change.origin !== instanceId) for (const listener of listeners) listener(change)
    },
  })

  const channel: PresenceChannel & { close(): void } = {
    share(change) {
      const payload = JSON.stringify({ ...change, origin: instanceId })
      pgListener.notify(PRESENCE_CHANNEL, payload).catch((error) => log.warn({ err: error }, 'could not share presence'))
    },
    onRemote(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      unsubscribe()
      listeners.clear()
    },
  }
  return channel
}
