import * as v from 'valibot'

/**
 * The call's signals (issue 19): what a participant's browser SENDs to `/app/session/{code}/signal` for one other
 * participant, and what that participant's `/user/queue/session/{code}/signal` subscription receives (the same
 * with `from`, the sender's user id as the server knows it, instead of `to`). Shared by the server, which checks
 * every signal, and the call code of the room.
 */

/** SEND destination of signals, and the subscription that receives them. */
export const signalSendDestination = (code: string) => `/app/session/${code}/signal`
export const signalQueueDestination = (code: string) => `/user/queue/session/${code}/signal`

/**
 * A signal's body, in bytes. Another instance receives it through a PostgreSQL NOTIFY, whose payload stops at
 * 8000 bytes; Chromium's offer for one audio and one video track is about 5.8 KB.
 */
export const MAX_SIGNAL_BYTES = 7168
/** Per account, over all its connections: a burst (a negotiation with each peer and its candidates) and the pace after it. */
export const SIGNAL_BURST = 100
export const SIGNALS_PER_SECOND = 10

/** What a participant's call shows the others: its media, and the doctor's telephone-station switch. */
export const CallStateSchema = v.strictObject({
  audio: v.boolean('state.audio must be true or false'),
  video: v.boolean('state.video must be true or false'),
  /** False in audio-only mode: the others stop sending it their video. */
  wantsVideo: v.boolean('state.wantsVideo must be true or false'),
  /** Heard from the doctor only: every camera stays off while it is on. */
  telephone: v.boolean('state.telephone must be true or false'),
})
export type CallState = v.InferOutput<typeof CallStateSchema>

const DescriptionSchema = v.strictObject({
  type: v.picklist(['offer', 'answer', 'pranswer', 'rollback'], 'description.type must be offer, answer, pranswer or rollback'),
  sdp: v.optional(v.string('description.sdp must be text')),
})

const CandidateSchema = v.strictObject({
  candidate: v.string('candidate.candidate must be text'),
  sdpMid: v.optional(v.nullable(v.string())),
  sdpMLineIndex: v.optional(v.nullable(v.number())),
  usernameFragment: v.optional(v.nullable(v.string())),
})

const common = {
  /** The sender's call on one page load: a new one means the page reloaded, and the link starts over. */
  peer: v.pipe(v.string('peer is required'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'peer must be 1-64 letters, digits, - or _')),
}

/** Every kind of signal; unknown fields are dropped. */
const SignalBodySchema = v.variant(
  'kind',
  [
    /** "I joined the call": the receiver starts its link to this peer, or over with `restart` (the link never connected). */
    v.object({ kind: v.literal('hello'), ...common, state: CallStateSchema, restart: v.optional(v.boolean('restart must be true or false')) }),
    v.object({ kind: v.literal('state'), ...common, state: CallStateSchema }),
    v.object({ kind: v.literal('description'), ...common, description: DescriptionSchema }),
    /** null: the sender's candidates are all gathered. */
    v.object({ kind: v.literal('candidate'), ...common, candidate: v.nullable(CandidateSchema) }),
    v.object({ kind: v.literal('bye'), ...common }),
  ],
  'kind must be hello, state, description, candidate or bye',
)
const userId = (message: string) => v.pipe(v.number(message), v.safeInteger(message), v.minValue(1, message))

/** As sent, addressed to one other participant. */
export const OutgoingSignalSchema = v.intersect([SignalBodySchema, v.object({ to: userId('to must be a user id') })])
/** As received, signed by the server with the sender's id. */
export const IncomingSignalSchema = v.intersect([SignalBodySchema, v.object({ from: userId('from must be a user id') })])
export type OutgoingSignal = v.InferOutput<typeof OutgoingSignalSchema>
export type IncomingSignal = v.InferOutput<typeof IncomingSignalSchema>

/**
 * GET /api/rtc/config's query: the session whose call asks (issue 30). Optional, so a page loaded before it was
 * added still gets its credentials while its user is in any running session.
 */
export const RtcConfigQuery = v.strictObject({
  session: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('session must be a session code'), v.maxLength(20, 'session must be a session code'))),
})

/** GET /api/rtc/config: the ICE servers for RTCPeerConnection, TURN credentials valid until `expiresAt` (epoch ms). */
export const IceServerSchema = v.object({
  urls: v.array(v.string()),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
})
export type IceServer = v.InferOutput<typeof IceServerSchema>
export const RtcConfigSchema = v.object({
  iceServers: v.array(IceServerSchema),
  expiresAt: v.nullable(v.number()),
})
export type RtcConfig = v.InferOutput<typeof RtcConfigSchema>
