/**
 * The destinations the live channel knows, each a typed topic with its own authoriser (topicAuthorisers, below):
 * a room's topic and its `/messages` sub-topic (WIRE.md), the call's signals (issue 19, additive: SENT to
 * `/app/session/{code}/signal`, heard on `/user/queue/session/{code}/signal` by the addressee only, Spring's naming
 * for application and per-user destinations), and the Find Partners board (issue 20). No topic is a fake session.
 */

import type { LiveUser, SubscriptionGrant } from './stomp-types.ts'

/** What a session's subscription hears: the room's messages, nothing (the spec's `/messages` topic), or signals to its user. */
export type SessionTopicKind = 'room' | 'messages' | 'signals'

/** A subscription's topic once granted, with the session's code as stored. */
export type LiveTopic = { kind: SessionTopicKind; sessionCode: string } | { kind: 'board' }

/** What a SUBSCRIBE asks for: a session's topic by the code as the client spelt it, or the board. */
export type TopicRequest = { kind: SessionTopicKind; requestedCode: string } | { kind: 'board' }

/** The Find Partners board: any signed-in user may hear it; it carries no personal data. */
export const BOARD_DESTINATION = '/topic/board'

const CODE = '([A-Za-z0-9_-]{1,64})'
const SESSION_TOPIC = new RegExp(`^/topic/session/${CODE}(/messages)?$`)
const SIGNAL_QUEUE = new RegExp(`^/user/queue/session/${CODE}/signal$`)
const SIGNAL_SEND = new RegExp(`^/app/session/${CODE}/signal$`)

/** The topic a SUBSCRIBE's destination asks for, or null for an unknown destination. */
export function topicRequest(destination: string): TopicRequest | null {
  if (destination === BOARD_DESTINATION) return { kind: 'board' }
  const topic = SESSION_TOPIC.exec(destination)
  if (topic) return { kind: topic[2] === undefined ? 'room' : 'messages', requestedCode: topic[1] }
  const signals = SIGNAL_QUEUE.exec(destination)
  return signals ? { kind: 'signals', requestedCode: signals[1] } : null
}

/**
 * The key the hub files a topic's subscribers under: one per session (its room, sub-topic and signals, told apart
 * by kind), one for the board. Spelt apart by their prefix, so no session code can name the board's.
 */
export const sessionKey = (sessionCode: string): string => `session/${sessionCode}`
export const BOARD_KEY = 'board'
export const topicKey = (topic: LiveTopic): string => (topic.kind === 'board' ? BOARD_KEY : sessionKey(topic.sessionCode))

/** The session code a SEND of a signal names, or null for any other destination (the spec's SENDs are ignored). */
export const signalSendCode = (destination: string | undefined): string | null => SIGNAL_SEND.exec(destination ?? '')?.[1] ?? null

/** A session the user is in: its stored code, and its version when the subscription was granted. */
export interface SessionAccess {
  sessionCode: string
  version: number
}

/**
 * Who may hear each kind of topic. A session's room, its `/messages` sub-topic and the signal queue addressed to
 * the user: its active participants (a signal queue only ever carries signals addressed to its own user). The
 * board: anyone signed in, as it carries no personal data.
 */
export function topicAuthorisers(options: { sessionAccess(userId: number, requestedCode: string): Promise<SessionAccess | null> }): { [K in TopicRequest['kind']]: (user: LiveUser, request: Extract<TopicRequest, { kind: K }>) => Promise<SubscriptionGrant | null> } {
  const inSession = async (user: LiveUser, request: Extract<TopicRequest, { requestedCode: string }>): Promise<SubscriptionGrant | null> => {
    const access = await options.sessionAccess(user.userId, request.requestedCode)
    return access && { topic: { kind: request.kind, sessionCode: access.sessionCode }, version: access.version }
  }
  return { room: inSession, messages: inSession, signals: inSession, board: async () => ({ topic: { kind: 'board' }, version: 0 }) }
}
