/**
 * The destinations the live channel knows. A room's topic and its `/messages` sub-topic (WIRE.md), and the call's
 * signals (issue 19, additive): SENT to `/app/session/{code}/signal`, heard on `/user/queue/session/{code}/signal`
 * by the addressee only (Spring's naming for application and per-user destinations).
 */

/**
 * What a subscription hears: the room's messages, nothing (the spec's `/messages` topic), signals addressed to its
 * user, or the Find Partners board (stomp-connection.ts).
 */
export type SubscriptionKind = 'room' | 'messages' | 'signals' | 'board'

const CODE = '([A-Za-z0-9_-]{1,64})'
const SESSION_TOPIC = new RegExp(`^/topic/session/${CODE}(/messages)?$`)
const SIGNAL_QUEUE = new RegExp(`^/user/queue/session/${CODE}/signal$`)
const SIGNAL_SEND = new RegExp(`^/app/session/${CODE}/signal$`)

/** The session code a SUBSCRIBE names (as the client spelt it) and what it hears, or null for an unknown destination. */
export function subscriptionTarget(destination: string): { code: string; kind: SubscriptionKind } | null {
  const topic = SESSION_TOPIC.exec(destination)
  if (topic) return { code: topic[1], kind: topic[2] === undefined ? 'room' : 'messages' }
  const signals = SIGNAL_QUEUE.exec(destination)
  return signals ? { code: signals[1], kind: 'signals' } : null
}

/** The session code a SEND of a signal names, or null for any other destination (the spec's SENDs are ignored). */
export const signalSendCode = (destination: string | undefined): string | null => SIGNAL_SEND.exec(destination ?? '')?.[1] ?? null
