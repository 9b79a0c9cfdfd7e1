import { realAlarm, type SetAlarm } from '../alarm.ts'

export interface PresenceChange {
  sessionCode: string
  userId: number
  online: boolean
}

export type PresenceListener = (change: PresenceChange) => void

/**
 * Who is live in which session, counted over subscriptions (a user may have several tabs open). Going offline
 * waits a grace period so a page reload, which drops and re-opens the socket within a second or two, does not
 * flap the participant offline and back online for everyone else.
 */
export class PresenceTracker {
  private readonly liveSubscriptions = new Map<string, number>()
  private readonly leaving = new Map<string, () => void>()
  private readonly listeners = new Set<PresenceListener>()

  constructor(
    private readonly graceMs: number,
    private readonly onListenerError: (error: unknown) => void,
    private readonly setAlarm: SetAlarm = realAlarm,
  ) {}

  join(sessionCode: string, userId: number) {
    const key = presenceKey(sessionCode, userId)
    const count = (this.liveSubscriptions.get(key) ?? 0) + 1
    this.liveSubscriptions.set(key, count)
    if (count > 1) return
    const cancelLeaving = this.leaving.get(key)
    if (cancelLeaving) {
      // Back within the grace period: the others never saw this user leave.
      cancelLeaving()
      this.leaving.delete(key)
    } else {
      this.emit({ sessionCode, userId, online: true })
    }
  }

  leave(sessionCode: string, userId: number) {
    const key = presenceKey(sessionCode, userId)
    const count = (this.liveSubscriptions.get(key) ?? 0) - 1
    if (count > 0) {
      this.liveSubscriptions.set(key, count)
      return
    }
    this.liveSubscriptions.delete(key)
    const cancel = this.setAlarm(() => {
      this.leaving.delete(key)
      this.emit({ sessionCode, userId, online: false })
    }, this.graceMs)
    this.leaving.set(key, cancel)
  }

  isOnline(sessionCode: string, userId: number): boolean {
    const key = presenceKey(sessionCode, userId)
    return this.liveSubscriptions.has(key) || this.leaving.has(key)
  }

  onChange(listener: PresenceListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Server shutdown: pending offline notices are dropped, since nobody is left to tell. */
  clear() {
    for (const cancel of this.leaving.values()) cancel()
    this.leaving.clear()
    this.liveSubscriptions.clear()
  }

  private emit(change: PresenceChange) {
    // One failing listener (say, a database write) must not keep the others from hearing the change.
    for (const listener of this.listeners) {
      try {
        listener(change)
      } catch (error) {
        this.onListenerError(error)
      }
    }
  }
}

/** The user id has no colon, so the key cannot be ambiguous whatever the code holds. */
const presenceKey = (sessionCode: string, userId: number) => `${userId}:${sessionCode}`
