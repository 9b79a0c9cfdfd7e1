import type { AdminSessionState } from '../../../schemas/api/admin-sessions.ts'
import { scoreWords } from '../../../schemas/session/event-sentence.ts'
import { evolve } from '../../../schemas/session/index.ts'
import type { SessionEvent, SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { badRequest } from '../../errors.ts'
import { sessionDetails, type SessionTimes } from '../fan-out/session-view.ts'
import { shownCase, type CaseViewCache } from '../store/case-view-cache.ts'
import { readStream, toSessionEvent } from '../store/event-store.ts'
import { versionOutOfRange } from '../store/timeline.ts'

/**
 * A session as it stood right after one event of its log (issue 37): the fold up to it, and what each one in the
 * room was shown then, rendered by the very function the live GET renders with (sessionDetails), at that event's
 * moment, with the case version played then. Presence is not in the log, so nobody reads as online.
 */

export type FeedbackEvent = Extract<SessionEvent, { type: 'FeedbackSubmitted' }>

/** The read model's times as they stood then: its first reading's start and its end (projection.ts keeps the same). */
function timesUpTo(events: SessionEvent[]): SessionTimes {
  const firstReading = events.find((e) => e.type === 'PhaseStarted' && e.phase === 'READING')
  const ended = events.find((e) => e.type === 'SessionEnded')
  return { startedAt: firstReading ? new Date(firstReading.at) : null, endedAt: ended ? new Date(ended.at) : null }
}

/** A participant's name as a state holds it (a deleted account reads "Former user"). */
export const nameIn = (state: SessionState, userId: number) => state.participants.find((p) => p.userId === userId)?.name ?? `user #${userId}`

/**
 * A feedback as the log holds it: its giver named as `now` names them (a deleted account reads "Former user"),
 * whom it scored as named `then` (right after it), and the score in words.
 */
export function feedbackGiven(event: FeedbackEvent, now: SessionState, then: SessionState) {
  return {
    round: event.round,
    caseId: event.caseId,
    from: { userId: event.fromUserId, name: nameIn(now, event.fromUserId), role: event.fromRole },
    to: { userId: event.toUserId, name: nameIn(then, event.toUserId) },
    score: scoreWords(event.overallPerformance, event.criteriaScores.length),
    comment: event.comment,
  }
}

export async function stateAt(db: Db, caseViews: CaseViewCache, sessionId: number, version: number): Promise<AdminSessionState> {
  const stored = await readStream(db, sessionId)
  if (version < 1 || version > stored.length) throw badRequest(versionOutOfRange(stored.length))
  const events = stored.slice(0, version).map(toSessionEvent)
  const feedbacks: Array<{ version: number; event: FeedbackEvent; state: SessionState }> = []
  let state: SessionState | null = null
  events.forEach((event, index) => {
    state = evolve(state, event)
    if (event.type === 'FeedbackSubmitted') feedbacks.push({ version: index + 1, event, state })
  })
  const folded = state as unknown as SessionState
  const at = events[events.length - 1].at
  const fullCase = (await caseViews.ofState(folded)) ?? null
  const times = timesUpTo(events)
  const played = shownCase(folded)
  return {
    version,
    at: new Date(at).toISOString(),
    // The whole fold, every field, as the engine holds it.
    state: folded as unknown as AdminSessionState['state'],
    caseVersion: played ? { caseId: played.caseId, version: played.version } : null,
    views: folded.participants
      .filter((p) => p.active)
      .map((p) => ({ userId: p.userId, name: p.name, role: p.role, session: sessionDetails(folded, times, fullCase, p.userId, () => false, at) })),
    feedbackSoFar: feedbacks.map(({ version: v, event, state: then }) => ({ version: v, ...feedbackGiven(event, folded, then) })),
  }
}
