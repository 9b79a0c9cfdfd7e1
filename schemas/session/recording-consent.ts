/**
 * Recording a room, only with everyone's consent (issue 34). Anyone in the room may ask; asking is consenting.
 * Recording runs while every person in the room has consented, so someone who joins stops it until they accept too;
 * anyone may stop it for everyone, which withdraws every consent. Each person records on their own device: the
 * server keeps only who asked, who consented and who stopped, in the session's log, for a dispute to read.
 */
import * as v from 'valibot'
import { activeParticipants } from './participants.ts'
import { requireMayUse } from './phase-rules.ts'
import { SessionRuleError, type Actor, type DecisionContext, type SessionEvent, type SessionState } from './types.ts'

export const ALREADY_ASKED = 'Recording has already been asked for: accept it, or stop it'
export const NOT_ASKED = 'Nobody has asked to record this session'

export function decideAskToRecord(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'AskToRecord', actor)
  if (state.recording) throw new SessionRuleError(409, ALREADY_ASKED)
  return [{ type: 'RecordingAsked', userId: actor.userId, at: ctx.now }]
}

export function decideConsentToRecording(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'ConsentToRecording', actor)
  if (!state.recording) throw new SessionRuleError(409, NOT_ASKED)
  if (state.recording.consented.includes(actor.userId)) return []
  return [{ type: 'RecordingConsented', userId: actor.userId, at: ctx.now }]
}

/** Stopping what is already stopped changes nothing: two people pressing Stop at once both get what they asked. */
export function decideStopRecording(state: SessionState, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  requireMayUse(state, 'StopRecording', actor)
  return state.recording ? [{ type: 'RecordingStopped', userId: actor.userId, at: ctx.now }] : []
}

/** Who in the room has not consented yet; recording runs when nobody. */
export const notYetConsented = (state: SessionState) => (state.recording ? activeParticipants(state).filter((p) => !state.recording!.consented.includes(p.userId)) : [])

export const RecordingViewSchema = v.object({
  askedBy: v.number(),
  askedByName: v.string(),
  consented: v.array(v.number()),
  /** The people in the room who have not accepted yet, by name. */
  waitingFor: v.array(v.object({ userId: v.number(), name: v.string() })),
  /** Every person in the room has consented: each page records on its own device now. */
  running: v.boolean(),
})
export type RecordingView = v.InferOutput<typeof RecordingViewSchema>

/** What every seat sees of the recording's consent; null when nobody has asked. */
export function recordingView(state: SessionState): RecordingView | null {
  const { recording } = state
  if (!recording) return null
  const waitingFor = notYetConsented(state).map((p) => ({ userId: p.userId, name: p.name }))
  const askedByName = state.participants.find((p) => p.userId === recording.askedBy)?.name ?? 'A participant'
  return { askedBy: recording.askedBy, askedByName, consented: recording.consented, waitingFor, running: waitingFor.length === 0 }
}
