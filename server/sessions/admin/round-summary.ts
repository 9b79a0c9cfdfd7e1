import type { RoundFeedback, RoundSummary } from '../../../schemas/api/admin-sessions.ts'
import { roundsPlayed } from '../../../schemas/session/rounds-played.ts'
import { stationResult } from '../../../schemas/session/station-result.ts'
import type { SessionRole, SessionState } from '../../../schemas/session/types.ts'
import type { Db } from '../../db/connect.ts'
import { notFound } from '../../errors.ts'
import { shownCase, type CaseViewCache } from '../store/case-view-cache.ts'
import { readStream, toSessionEvent } from '../store/event-store.ts'
import { foldLog, phaseDeadline, phaseEndedAt, type FoldedEvent } from './admin-timeline.ts'
import { feedbackGiven, nameIn } from './state-at.ts'

/**
 * One round of a session, to print and share with the candidates concerned (issue 37): the case version played,
 * who sat where, each phase's deadline against when it actually gave way, and the feedback given. Read from the
 * log with the timeline's own fold and deadlines, so the summary and the timeline never disagree. Names only:
 * whoever it is shared with sees nobody's email. Everyone is named as the log names them today (a deleted
 * account reads "Former user").
 */

const iso = (at: number) => new Date(at).toISOString()
const SEAT_ORDER: readonly SessionRole[] = ['DOCTOR', 'PATIENT', 'OBSERVER']

/**
 * A phase of the round's own: a wait is not one. The waits that follow a round's reading (a mock's rest station,
 * the next round held for its seats, the wait after the cases ran out) happen before the next round's case.
 */
const startsPhase = ({ event, after }: FoldedEvent) => event.type === 'PhaseStarted' && after.phase !== 'COMPLETED' && after.phase !== 'WAITING'

/**
 * Who was in a seat from the round's first reading to its end: a seat change at its end (a swap or a rotation)
 * already seats the next round. Someone who moved seat mid-round is there once per seat.
 */
function seatsOf(round: FoldedEvent[], now: SessionState): RoundSummary['seats'] {
  const held = new Map<string, { userId: number; role: SessionRole }>()
  for (const { event, after } of round) {
    if (event.type === 'RolesSwapped' || event.type === 'SeatsRotated') break
    for (const p of after.participants) if (p.active) held.set(`${p.userId}:${p.role}`, { userId: p.userId, role: p.role })
  }
  return [...held.values()]
    .sort((a, b) => SEAT_ORDER.indexOf(a.role) - SEAT_ORDER.indexOf(b.role))
    .map(({ userId, role }) => ({ name: nameIn(now, userId), role }))
}

function phaseOf(log: FoldedEvent[], index: number): RoundSummary['phases'][number] {
  const deadline = phaseDeadline(log, index)
  const endedAt = phaseEndedAt(log, index)
  return {
    phase: log[index].after.phase,
    startedAt: iso(log[index].event.at),
    deadline: deadline === null ? null : iso(deadline),
    endedAt: endedAt === null ? null : iso(endedAt),
    differenceMs: deadline === null || endedAt === null ? null : endedAt - deadline,
  }
}

/** The feedback this event gave in the round, if it gave one. */
function feedbackIn(round: number, { event, after }: FoldedEvent, now: SessionState): RoundFeedback[] {
  if (event.type !== 'FeedbackSubmitted' || event.round !== round) return []
  const { from, to, score, comment } = feedbackGiven(event, now, after)
  return [
    {
      from: { name: from.name, role: from.role },
      to: { name: to.name },
      at: iso(event.at),
      score,
      comment,
      criteriaScores: event.criteriaScores,
      overallPerformance: event.overallPerformance,
      ...stationResult(event.criteriaScores),
      globalJudgement: event.globalJudgement ?? null,
      feedbackAreas: event.feedbackAreas ?? [],
    },
  ]
}

/** Round `round` of the session; a round whose reading never began was never played: 404. */
export async function roundSummary(db: Db, caseViews: CaseViewCache, sessionId: number, round: number): Promise<RoundSummary> {
  const stored = await readStream(db, sessionId)
  const log = foldLog(stored.map(toSessionEvent))
  const now = log[log.length - 1]?.after
  const noSuchRound = () => notFound(`Session ${now?.code ?? ''} has no round ${round}`)
  const logged = stored.map(({ type, payload }) => ({ type, payload: payload as Record<string, unknown> }))
  if (!now || !roundsPlayed(logged).includes(round)) throw noSuchRound()
  // Rounds only ever go up (CaseAssigned), so a round's events follow one another; before its reading, its case
  // and its seats may still change.
  const inRound = log.flatMap((folded, index) => (folded.after.currentRound === round ? [index] : []))
  const firstReading = inRound.find((index) => startsPhase(log[index]) && log[index].after.phase === 'READING')
  // roundsPlayed found its reading, by the same last case assigned: only a corrupt log gets here.
  if (firstReading === undefined) throw noSuchRound()
  const phaseStarts = inRound.filter((index) => index >= firstReading && startsPhase(log[index]))
  const played = shownCase(log[phaseStarts[phaseStarts.length - 1]].after)
  // A reading never starts without a case (next-case.ts): only a corrupt log gets here.
  if (!played) throw noSuchRound()
  const view = await caseViews.get(played)
  return {
    code: now.code,
    title: now.title,
    round,
    case: { caseId: played.caseId, version: played.version, title: view?.title ?? null, category: view?.category.name ?? null },
    seats: seatsOf(log.slice(firstReading, inRound[inRound.length - 1] + 1), now),
    phases: phaseStarts.map((index) => phaseOf(log, index)),
    feedback: log.flatMap((folded) => feedbackIn(round, folded, now)),
  }
}
