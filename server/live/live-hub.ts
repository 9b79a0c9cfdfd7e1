import type { RelayedSignal } from './signals.ts'

/** What the rest of the server sees of the live channel (hub.ts): the hub, and the messages it renders per audience. */

export interface LiveHub {
  /**
   * Sends one MESSAGE to every live subscriber of /topic/session/{code} that is in the message's audience, with
   * the body of their audience: each body is rendered and encoded once, however many sockets receive it.
   * `version` is the commit the message tells of (null for news that is no commit, like presence): a subscription
   * granted at or after it skips it, since its client reads the session after subscribing (another instance's
   * commit can reach this one late).
   */
  publish<A>(sessionCode: string, message: Rendering<A>, version: number | null): void
  /** Sends one MESSAGE to every subscriber of the Find Partners board on this instance. */
  publishToBoard(message: unknown): void
  /** Whether the user has a live subscription to the session now, or lost it less than the grace period ago. */
  isOnline(sessionCode: string, userId: number): boolean
  /** Called when a user's presence in a session changes (after the grace period for going offline). */
  onPresence(listener: (change: { sessionCode: string; userId: number; online: boolean }) => void): () => void
  /** Sends a signal to the addressee's signal subscriptions on this instance. */
  deliverSignal(signal: RelayedSignal): void
  /** Called with each signal accepted on this instance (after its local delivery), to reach the other instances. */
  onSignal(listener: (signal: RelayedSignal) => void): () => void
  /** Closes every live connection, telling each client to reconnect (server shutdown). */
  close(): Promise<void>
  /**
   * Closes this instance's connections of one account at once, with an ERROR frame giving the reason (a deleted
   * account). Other instances cut theirs at their next token check (revalidateMs).
   */
  disconnectUser(userId: number, reason: string): void
}

/** A message whose body depends on who receives it, in as many versions as there are audiences. */
export interface Rendering<A> {
  /** Which version the user hears (users of one audience hear the same body), or null to skip them. */
  audienceOf(userId: number): A | null
  render(audience: A): unknown
}

/** A message every subscriber hears alike. */
export const toEveryone = (body: unknown): Rendering<true> => ({ audienceOf: () => true, render: () => body })
