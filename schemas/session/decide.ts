/**
 * The decider: given the session's state, a command, who sent it and the outside facts (clock, random draw,
 * case bank), the events to store, or a SessionRuleError saying why not. Pure: the same inputs always give
 * the same events, and every value a replay needs (time, chosen case, durations) is inside them.
 */
import { decidePauseCircuit, decideResumeCircuit, mockStationCase, requireEnoughStations } from '../mock/circuit-rules.ts'
import { candidateCases, caseAssigned, chooseNextCase } from './case-selection.ts'
import { checkTimings, normalisedConfig } from './config-rules.ts'
import { topicsToDraw } from './topic-choice.ts'
import { evolve } from './evolve.ts'
import { decideSubmitFeedback } from './feedback-rules.ts'
import { whatFollows } from './next-round.ts'
import { decideJoin, decideLeave, hasEnded } from './participants.ts'
import { decideMarkChecklistItem, decideRevealFact } from './station-notes.ts'
import { decideAskToRecord, decideConsentToRecording, decideStopRecording } from './recording-consent.ts'
import {
  decideComplete,
  decideEnd,
  decideExpireTimer,
  decideNewCase,
  decideSelectNewTopic,
  decideSkipPhase,
  decideStart,
  requireMayUse,
  requireNotRefusedByPhase,
} from './phase-rules.ts'
import {
  RANDOM_TOPIC,
  SessionRuleError,
  type Actor,
  type DecisionContext,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
} from './types.ts'

/**
 * What each command reads of the case bank, so the server loads only that: the catalog and category names
 * for commands that may choose a case (a join, a departure or a close too: any of them may be what the feedback
 * round was waiting for before the next case), the current mark scheme for feedback. Every other command decides on the session's own state alone.
 */
export function caseBankNeeds(command: SessionCommand, state: Pick<SessionState, 'circuit'> | null = null): { catalog: boolean; criteria: boolean } {
  switch (command.type) {
    // A mock exam's change-over or rest, running out, draws its next station (schemas/mock/circuit-rules.ts).
    case 'ExpireTimer':
      return { catalog: state?.circuit != null && (command.phase === 'FEEDBACK' || command.phase === 'WAITING'), criteria: false }
    case 'Configure':
    case 'JoinWithRole':
    case 'Leave':
    case 'Complete':
    case 'Start':
    case 'NewCase':
    case 'SelectNewTopic':
      return { catalog: true, criteria: false }
    case 'SubmitFeedback':
      return { catalog: true, criteria: true }
    case 'MarkChecklistItem':
    case 'RevealFact':
      return { catalog: false, criteria: true }
    default:
      return { catalog: false, criteria: false }
  }
}

export function decide(state: SessionState | null, command: SessionCommand, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  if (command.type === 'Create') {
    if (state) throw new SessionRuleError(409, 'This session already exists')
    return decideCreate(command, actor, ctx)
  }
  if (!state) throw new SessionRuleError(404, 'Session not found')
  requireNotRefusedByPhase(state, command.type, actor)
  switch (command.type) {
    case 'Leave':
      return withWhatFollows(state, decideLeave(state, command, actor, ctx), ctx)
    case 'ExpireTimer':
      return decideExpireTimer(state, command, ctx)
    case 'JoinWithRole':
      return withWhatFollows(state, decideJoin(state, command, actor, ctx), ctx)
    case 'Configure':
      return decideConfigure(state, command, actor, ctx)
    case 'Start':
      return decideStart(state, command, actor, ctx)
    case 'SkipPhase':
      return decideSkipPhase(state, actor, ctx)
    case 'NewCase':
      return withWhatFollows(state, decideNewCase(state, actor, ctx), ctx)
    case 'SelectNewTopic':
      return withWhatFollows(state, decideSelectNewTopic(state, command.topic, actor, ctx), ctx)
    case 'SubmitFeedback':
      return withWhatFollows(state, decideSubmitFeedback(state, command, actor, ctx), ctx)
    case 'Complete':
      return withWhatFollows(state, decideComplete(state, actor, ctx), ctx)
    case 'End':
      return decideEnd(state, actor, ctx)
    case 'MarkChecklistItem':
      return decideMarkChecklistItem(state, command, actor, ctx)
    case 'RevealFact':
      return decideRevealFact(state, command, actor, ctx)
    case 'PauseCircuit':
      requireMayUse(state, 'PauseCircuit', actor)
      return decidePauseCircuit(state, command.reason, ctx)
    case 'ResumeCircuit':
      requireMayUse(state, 'ResumeCircuit', actor)
      return decideResumeCircuit(state, ctx)
    case 'AskToRecord':
      return decideAskToRecord(state, actor, ctx)
    case 'ConsentToRecording':
      return decideConsentToRecording(state, actor, ctx)
    case 'StopRecording':
      return decideStopRecording(state, actor, ctx)
    default:
      return unknownCommand(command)
  }
}

/** The creator hosts the session and sits in the doctor's seat; the case is chosen at configure or start. */
function decideCreate(command: Extract<SessionCommand, { type: 'Create' }>, actor: Actor, ctx: DecisionContext): SessionEvent[] {
  checkTimings(command.config)
  return [
    {
      type: 'SessionCreated',
      sessionId: command.sessionId,
      code: command.code,
      title: command.title,
      hostUserId: actor.userId,
      hostName: actor.name,
      config: { ...command.config, selectedTopics: topicsToDraw(command.config.selectedTopics) },
      ...(command.madeForLater ? { madeForLater: true as const } : {}),
      at: ctx.now,
    },
    { type: 'ParticipantJoined', userId: actor.userId, name: actor.name, role: 'DOCTOR', at: ctx.now },
  ]
}

/** Configuring picks the first case straight away, so the room can show it as soon as the host starts. */
export const NO_STATION_OF_TYPE = 'No case fits the chosen station types and MLA areas: choose others, or leave them all unticked'

function decideConfigure(
  state: SessionState,
  command: Extract<SessionCommand, { type: 'Configure' }>,
  actor: Actor,
  ctx: DecisionContext,
): SessionEvent[] {
  requireMayUse(state, 'Configure', actor)
  const config = normalisedConfig(command.config)
  const empty = config.sessionType === 'TOPIC' ? topicsToDraw(config.selectedTopics).filter((topic) => topic !== RANDOM_TOPIC && !ctx.catalog.some((c) => c.categoryName === topic)) : []
  // Refused here rather than at Start, when the partners have already joined (issue 29).
  if (empty.length > 0) throw new SessionRuleError(400, `No case in ${empty.join(', ')} yet: choose another topic`)
  // Before the start the case is not yet played: one that no longer fits the new settings goes back to the
  // bank (settings are saved as the host lists the session, and again as they change them: issue 30).
  const unplayed = { ...state, config, usedCaseIds: state.usedCaseIds.filter((id) => id !== state.caseId) }
  if (config.circuit) requireEnoughStations({ ...unplayed, caseId: null }, config.circuit.stations, ctx)
  const fits = state.caseId !== null && candidateCases(unplayed, ctx.catalog, { kind: 'configured' }).some((c) => c.id === state.caseId)
  if (fits) return [{ type: 'SessionConfigured', config, at: ctx.now }]
  const configured: SessionEvent = state.caseId === null ? { type: 'SessionConfigured', config, at: ctx.now } : { type: 'SessionConfigured', config, caseReturned: true, at: ctx.now }
  const drawing = { ...unplayed, caseId: null }
  const caseId = config.circuit ? mockStationCase(drawing, ctx) : chooseNextCase(drawing, ctx, { kind: 'configured' })
  // A filter by station type or area that alone leaves nothing to play is said now, like a topic with no case.
  if (caseId === null && (config.stationTypes?.length || config.mlaAreas?.length)) {
    const unfiltered = { ...unplayed, caseId: null, config: { ...config, stationTypes: [], mlaAreas: [] } }
    if (candidateCases(unfiltered, ctx.catalog, { kind: 'configured' }).length > 0) throw new SessionRuleError(400, NO_STATION_OF_TYPE)
  }
  if (caseId === null) return [configured]
  return [configured, caseAssigned(caseId, state.currentRound, ctx)]
}

/**
 * After a command that changes who is in the room, who has scored or closed, or the waiting round's case: what the
 * round does next (next-round.ts), stored with the command's own events.
 */
function withWhatFollows(state: SessionState, events: SessionEvent[], ctx: DecisionContext): SessionEvent[] {
  if (events.length === 0) return events
  const after = events.reduce(evolve, state)
  return hasEnded(after) ? events : [...events, ...whatFollows(after, ctx)]
}

function unknownCommand(command: never): never {
  throw new SessionRuleError(400, `Unknown session command ${JSON.stringify(command)}`)
}
