import type { LiveChannel } from './broadcaster.ts'
import type { PresenceChange, SessionBus } from './bus.ts'

type PresenceListener = (change: PresenceChange) => void

/**
 * Presence across server instances: a participant is online if any instance holds a live connection for them.
 * Without this, with two instances a user who reconnected to the other one would look offline here, and the
 * offline rule would take them out of a room they are sitting in. Changes made here are shared through the bus;
 * listeners hear the cluster-wide answer after every change, wherever it happened. An instance that dies without
 * saying goodbye leaves its users "online" elsewhere: the safe direction (nobody is removed wrongly).
 */
export function clusterPresence(live: LiveChannel, bus: SessionBus): LiveChannel & { close(): void } {
  /** Instances (by id) that reported a live connection, per session code and user. */
  const elsewhere = new Map<string, Set<string>>()
  const listeners = new Set<PresenceListener>()
  const keyOf = (sessionCode: string, userId: number) => `${sessionCode}\n${userId}`

  const isOnline = (sessionCode: string, userId: number) =>
    live.isOnline(sessionCode, userId) || (elsewhere.get(keyOf(sessionCode, userId))?.size ?? 0) > 0

  const tell = ({ sessionCode, userId }: PresenceChange) => {
    const change = { sessionCode, userId, online: isOnline(sessionCode, userId) }
    for (const listener of listeners) listener(change)
  }

  const stopLocal = live.onPresence((change) => {
    bus.sharePresence(change)
    tell(change)
  })
  const stopRemote = bus.onRemotePresence(({ origin, ...change }) => {
    const key = keyOf(change.sessionCode, change.userId)
    const origins = elsewhere.get(key) ?? new Set<string>()
    if (change.online) origins.add(origin)
    else origins.delete(origin)
    if (origins.size > 0) elsewhere.set(key, origins)
    else elsewhere.delete(key)
    tell(change)
  })

  return {
    publish: (sessionCode, render) => live.publish(sessionCode, render),
    isOnline,
    onPresence(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      stopLocal()
      stopRemote()
      listeners.clear()
    },
  }
}
