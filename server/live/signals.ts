import * as v from 'valibot'
import { MAX_SIGNAL_BYTES, OutgoingSignalSchema, SIGNAL_BURST, SIGNALS_PER_SECOND, type IncomingSignal } from '../../schemas/rtc.ts'
import { signalSendCode } from './destinations.ts'
import type { StompFrame } from './stomp-codec.ts'
import type { LiveUser } from './stomp-types.ts'

/** A signal the server accepted: the session's stored code, the addressee, and the body the addressee hears. */
export interface RelayedSignal {
  sessionCode: string
  to: number
  body: IncomingSignal
}

/** The session's stored code and which of the users asked about are its active participants, or null for no running session. */
export interface SignalParties {
  sessionCode: string
  activeUserIds: number[]
}

export interface SignalRelayOptions {
  /** Which of `userIds` are active participants of the running session `requestedCode` names. */
  signalParties(requestedCode: string, userIds: number[]): Promise<SignalParties | null>
  /** The clock of the rate limit (tests hold it still). */
  now(): number
  deliver(signal: RelayedSignal): void
}

/** A token bucket: a burst of SIGNAL_BURST, refilled at SIGNALS_PER_SECOND. */
class Allowance {
  private tokens = SIGNAL_BURST

  constructor(private at: number) {}

  take(now: number): boolean {
    this.refill(now)
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** Refilled to the whole burst: the same as a new allowance, so it need not be kept. */
  isFull(now: number): boolean {
    this.refill(now)
    return this.tokens >= SIGNAL_BURST
  }

  private refill(now: number) {
    this.tokens = Math.min(SIGNAL_BURST, this.tokens + ((now - this.at) / 1000) * SIGNALS_PER_SECOND)
    this.at = now
  }
}

function invalid(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0]
  const field = v.getDotPath(issue)
  // The schema's own messages name their field; valibot's default ones do not.
  const named = field === null || issue.message.startsWith(field.split('.').at(-1)!)
  return `Invalid signal: ${named ? '' : `${field}: `}${issue.message}`
}

/**
 * The server's check of every signal a connection SENDs (issue 19): a bounded size, a rate per account over all
 * its connections on this instance (issue 30: per connection, an account's ten connections had ten bursts), a
 * well-formed body, and both the sender and the addressee active participants of that running session. An
 * accepted signal goes to `deliver` signed with the sender's id; a refused one reaches nobody and its reason is
 * what the connection's ERROR frame says. SENDs to any other destination are ignored, as they always were.
 */
export function signalRelay(options: SignalRelayOptions) {
  const allowances = new Map<number, Allowance>()

  /** The account's allowance; a new one forgets those refilled meanwhile, so the map holds only recent signallers. */
  function allowanceOf(userId: number, now: number): Allowance {
    const kept = allowances.get(userId)
    if (kept) return kept
    for (const [id, allowance] of allowances) if (allowance.isFull(now)) allowances.delete(id)
    const allowance = new Allowance(now)
    allowances.set(userId, allowance)
    return allowance
  }

  return async function received(user: LiveUser, frame: StompFrame): Promise<string | null> {
    const requestedCode = signalSendCode(frame.headers.destination)
    if (requestedCode === null) return null
    if (frame.body.length > MAX_SIGNAL_BYTES) return `Signal too large: at most ${MAX_SIGNAL_BYTES} bytes`
    const now = options.now()
    if (!allowanceOf(user.userId, now).take(now)) return `Too many signals: at most ${SIGNAL_BURST} at once, then ${SIGNALS_PER_SECOND} a second`
    let json: unknown
    try {
      json = JSON.parse(frame.body.toString('utf8'))
    } catch {
      return 'Invalid signal: the body must be JSON'
    }
    const parsed = v.safeParse(OutgoingSignalSchema, json)
    if (!parsed.success) return invalid(parsed.issues)
    const { to, ...signal } = parsed.output
    if (to === user.userId) return 'Invalid signal: to: a signal goes to another participant'
    const parties = await options.signalParties(requestedCode, [user.userId, to])
    if (!parties?.activeUserIds.includes(user.userId)) return 'Access denied: you are not in this session'
    if (!parties.activeUserIds.includes(to)) return `User ${to} is not in this session`
    options.deliver({ sessionCode: parties.sessionCode, to, body: { ...signal, from: user.userId } as IncomingSignal })
    return null
  }
}
