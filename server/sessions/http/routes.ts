import { circuitView } from '../../../schemas/mock/circuit-view.ts'
import { recordingView } from '../../../schemas/session/recording-consent.ts'
import type { FastifyInstance } from 'fastify'
import { sessionContracts } from '../../../schemas/api/sessions.ts'
import { toCriterionScores, toStationMarking } from '../../../schemas/session-api.ts'
import { topicCompletedMessage } from '../../../schemas/session/next-case.ts'
import { progressSeenBy } from '../../../schemas/session/station-progress.ts'
import type { Db } from '../../db/connect.ts'
import { serve } from '../../route-contract.ts'
import type { CodeMissLimit } from './code-miss-limit.ts'
import type { SessionEngine } from '../engine/engine.ts'
import { debriefRoutes } from '../debrief/debrief-routes.ts'
import { mockResultRoutes } from '../../mock/result-routes.ts'
import { sessionQueryRoutes } from './query-routes.ts'
import { actorOf, perUserLimit } from '../../request-identity.ts'
import { detailsFor, leaveOtherSessions, runOnSession, sentAt, sessionFinder, type SessionRoutesContext } from './route-context.ts'
import { caseFor, participantViews, roleOf } from '../fan-out/session-view.ts'
import { adminSessionRoutes } from '../admin/admin-session-routes.ts'
import { keptOutOfSession } from '../store/queries.ts'

export interface SessionRoutesOptions {
  db: Db
  engine: SessionEngine
  rateLimits: boolean
  /** The count of each user's wrong codes (null without rate limits), shared with the board's look-ups by code. */
  codeMisses: CodeMissLimit | null
}

/**
 * The session commands of SPEC.md section 7 / WIRE.md section 5, feedback included. Each route only reads the request and shapes
 * the answer: who may do what in which phase is decided by the session's rules (schemas/session), whose
 * refusals arrive here as 403/404/409 with the message the client shows.
 */
export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  // One count of wrong codes for every session route (the candidates' finder and the admins'), so a user's wrong
  // codes are counted over all of them.
  const misses = options.codeMisses
  const { hiddenFrom } = options.engine.outsideTerms
  const context: SessionRoutesContext = {
    ...options,
    findSession: sessionFinder(options.engine.loader, misses, (sessionId, userId) => keptOutOfSession(options.db, hiddenFrom, sessionId, userId)),
    findAnySession: sessionFinder(options.engine.loader, misses),
    caseViews: options.engine.caseViews,
  }
  const { engine } = options
  const signedIn = { preHandler: app.authenticate }
  const run = runOnSession.bind(null, context)

  serve(app, sessionContracts.create, signedIn, async (request, { body }) => {
    const { state } = await engine.runner.create(body.title, body.config, actorOf(request), body.keepOtherSessions)
    const leftFromSessions = body.keepOtherSessions ? 0 : await leaveOtherSessions(context, request, state.sessionId)
    return { sessionCode: state.code, session: await detailsFor(context, state, request.currentUser.id), leftFromSessions }
  })

  // Joining is where a guessed code would pay off, so it is limited like the look-ups by code.
  serve(app, sessionContracts.joinWithRole, perUserLimit(app, context, 10), async (request, { body: { role } }) => {
    const { id } = await context.findSession(request, request.params.code)
    const { state } = await run(request, request.params.code, { type: 'JoinWithRole', role }, { refusals: engine.outsideTerms.joinRefusals(id, role, request.currentUser.id) })
    const leftFromSessions = await leaveOtherSessions(context, request, state.sessionId)
    const me = request.currentUser.id
    return {
      session: await detailsFor(context, state, me),
      participants: participantViews(state, (userId) => engine.live.isOnline(state.code, userId)),
      message: `Joined the session as ${role.toLowerCase()}`,
      userRole: roleOf(state, me),
      isHost: state.hostUserId === me,
      leftFromSessions,
    }
  })

  serve(app, sessionContracts.configure, signedIn, async (request, { body: config }) => {
    const { state } = await run(request, request.params.code, { type: 'Configure', config })
    return {
      session: await detailsFor(context, state, request.currentUser.id),
      participants: participantViews(state, (userId) => engine.live.isOnline(state.code, userId)),
      message: 'Session configured successfully',
    }
  })

  serve(app, sessionContracts.start, signedIn, async (request) => {
    const { id } = await context.findSession(request, request.params.code)
    const notYet = { when: engine.outsideTerms.heldUntilLater(id, engine.now()), reason: engine.outsideTerms.heldReason }
    const { state } = await run(request, request.params.code, { type: 'Start' }, { refusals: [notYet] })
    // The room one starts is the room one is in: a session kept open while this one was made for later is left
    // now (an ordinary create left it already, so only these pay the look-up).
    if (state.madeForLater) await leaveOtherSessions(context, request, id)
    return { message: 'Session started successfully' }
  })

  // Both "Skip to Consultation" and "End Consultation / Give Feedback" (WIRE.md section 5). A client that names
  // the phase it is skipping cannot skip the next one by accident when the clock ends this one first; one that
  // names none (the spec's) skips only a phase that has been running for a moment, so a double click is one step
  // (its second press is told, with a 200, that nothing was done).
  serve(app, sessionContracts.skipPhase, signedIn, async (request, { body: { phase } }, reply) => {
    const { notSeen } = await run(request, request.params.code, { type: 'SkipPhase' }, phase ? { expectPhase: phase } : { sentAt: sentAt(engine, reply) })
    return { message: notSeen ?? 'Phase skipped successfully' }
  })

  // A client that names the case it replaces changes it once; one that names none (the spec's), like a skip with
  // no phase named, replaces only a case whose reading has been running for a moment.
  serve(app, sessionContracts.newCase, signedIn, async (request, { body: { caseId } }, reply) => {
    const seen = caseId === undefined ? { sentAt: sentAt(engine, reply) } : { expectCaseId: caseId }
    const { events, notSeen } = await run(request, request.params.code, { type: 'NewCase' }, seen)
    if (notSeen) return { message: notSeen }
    for (const { event } of events) {
      if (event.type === 'TopicSelectionNeeded') {
        return { noMoreCases: true as const, currentTopic: event.completedTopic, availableTopics: event.availableTopics, message: topicCompletedMessage(event.completedTopic) }
      }
      if (event.type === 'SessionEnded') return { sessionCompleted: true, message: event.reason }
    }
    return { message: 'New case assigned' }
  })

  serve(app, sessionContracts.selectNewTopic, signedIn, async (request, { body: { topic } }) => {
    const { state } = await run(request, request.params.code, { type: 'SelectNewTopic', topic })
    const fullCase = (await context.caseViews.ofState(state)) ?? null
    return { message: `New topic selected: ${topic}`, newCase: caseFor(state, fullCase, roleOf(state, request.currentUser.id)) }
  })

  serve(app, sessionContracts.end, signedIn, async (request) => {
    await run(request, request.params.code, { type: 'End' })
    return { message: 'Session ended successfully', sessionEnded: true }
  })

  serve(app, sessionContracts.complete, signedIn, async (request) => {
    const { events } = await run(request, request.params.code, { type: 'Complete' })
    if (events.length === 0) return { message: 'You have already completed this session', alreadyCompleted: true }
    if (events.some(({ event }) => event.type === 'ParticipantCompleted')) return { message: 'Session marked as completed', completed: true }
    return { message: 'Session completed successfully' }
  })

  serve(app, sessionContracts.leave, signedIn, async (request) => {
    await run(request, request.params.code, { type: 'Leave', reason: 'LEFT' })
    return { message: 'Successfully left session' }
  })

  // A station's notes (issue 32): the examiner's marks and the patient's told facts, stamped by the server's clock.
  // Each is an event in the log: a minute's worth is far more than a station's 15 items and 20 facts need.
  const noting = perUserLimit(app, context, 120)
  serve(app, sessionContracts.markChecklistItem, noting, async (request, { body: { itemId, mark } }) => {
    const { state } = await run(request, request.params.code, { type: 'MarkChecklistItem', itemId, mark })
    return { message: 'Marked', stationProgress: progressSeenBy(state.stationProgress, roleOf(state, request.currentUser.id)), version: state.version }
  })

  serve(app, sessionContracts.revealFact, noting, async (request, { body: { factId, revealed } }) => {
    const { state } = await run(request, request.params.code, { type: 'RevealFact', factId, revealed })
    return { message: revealed ? 'Fact ticked' : 'Tick taken back', stationProgress: progressSeenBy(state.stationProgress, roleOf(state, request.currentUser.id)), version: state.version }
  })

  // A mock exam's clock (issue 33): the host's pause, with the reason the log keeps, and the resume.
  serve(app, sessionContracts.pauseCircuit, signedIn, async (request, { body: { reason } }) => {
    const { state } = await run(request, request.params.code, { type: 'PauseCircuit', reason })
    return { message: 'The mock exam is paused', circuit: circuitView(state) }
  })

  serve(app, sessionContracts.resumeCircuit, signedIn, async (request) => {
    const { state } = await run(request, request.params.code, { type: 'ResumeCircuit' })
    return { message: 'The mock exam goes on', circuit: circuitView(state) }
  })

  // Recording the room with everyone's consent (issue 34): the log keeps who asked, consented and stopped; no media.
  // Each ask alerts every other screen and stays in the log: a few a minute is plenty.
  const recordingLimit = perUserLimit(app, context, 10)
  serve(app, sessionContracts.askToRecord, recordingLimit, async (request) => {
    const { state } = await run(request, request.params.code, { type: 'AskToRecord' })
    return { message: 'Asked: recording starts once everyone in the room accepts', recording: recordingView(state) }
  })

  serve(app, sessionContracts.consentToRecording, recordingLimit, async (request) => {
    const { state } = await run(request, request.params.code, { type: 'ConsentToRecording' })
    return { message: 'You accepted recording', recording: recordingView(state) }
  })

  serve(app, sessionContracts.stopRecording, recordingLimit, async (request) => {
    const { state } = await run(request, request.params.code, { type: 'StopRecording' })
    return { message: 'Recording stopped for everyone', recording: recordingView(state) }
  })

  // What happens after feedback (new case, role change, seat rotation, end) is the session's rule too; the answer reports it.
  serve(app, sessionContracts.submitFeedback, signedIn, async (request, { body }) => {
    const { row, events, feedbackIds } = await run(request, body.sessionCode, {
      type: 'SubmitFeedback',
      comment: body.comment,
      criteriaScores: toCriterionScores(body),
      requestNewCase: body.requestNewCase ?? false,
      requestRoleChange: body.requestRoleChange ?? false,
      requestSeatRotation: body.requestSeatRotation ?? false,
      marking: toStationMarking(body),
    })
    // The append answers the stored row's id; a retried command (its first attempt stored it) reads it.
    const submitted = events.find(({ event }) => event.type === 'FeedbackSubmitted')
    const stored =
      feedbackIds[0] ??
      (submitted && (await options.db.selectFrom('feedback').select('id').where('session_id', '=', row.id).where('event_version', '=', submitted.version).executeTakeFirst())?.id)
    const newCaseStarted = events.some(({ event }) => event.type === 'CaseAssigned')
    return { message: 'Feedback submitted successfully', feedbackId: stored ?? null, ...(newCaseStarted ? { newCaseStarted } : {}) }
  })

  await app.register(sessionQueryRoutes, context)
  await app.register(debriefRoutes, context)
  await app.register(mockResultRoutes, context)
  await app.register(adminSessionRoutes, context)
}
