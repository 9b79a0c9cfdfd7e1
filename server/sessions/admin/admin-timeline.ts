import { eventSentence } from '../../../schemas/session/event-sentence.ts'
import { deadlineOf, evolve } from '../../../schemas/session/index.ts'
import type { SessionEvent, SessionState } from '../../../schemas/session/types.ts'
import type { AdminTimeline, AdminTimelineEntry } from '../../../schemas/api/admin-sessions.ts'
import type { TimelineEntry } from '../../../schemas/session-wire.ts'
import type { Db } from '../../db/connect.ts'
import { replayTimeline } from '../store/timeline.ts'

/**
 * The maintainers' timeline (issue 37): the log as replayTimeline reads it, each event with its sentence, its
 * time from the session's creation, and, where a timed phase starts, its deadline against when the next phase
 * actually began. Times from the start and deadlines are on the clock the rules ran on (each event's own `at`,
 * which timers start from); `at` stays the time the database recorded it.
 */

const eventOf = (entry: TimelineEntry): SessionEvent => ({ ...entry.payload, type: entry.type }) as SessionEvent

/** A name for a user id: the fold's (a deleted account reads "Former user"), or the actor's, or their number. */
function namer(states: Array<SessionState | null>, entries: TimelineEntry[]) {
  return (userId: number) => {
    for (const state of states) {
      const name = state?.participants.find((p) => p.userId === userId)?.name
      if (name) return name
    }
    return entries.find((e) => e.actor?.id === userId)?.actor?.name ?? `user #${userId}`
  }
}

/** Each event of a log with the fold right after it (and before): what the timeline and a round's summary read. */
export interface FoldedEvent {
  event: SessionEvent
  before: SessionState | null
  after: SessionState
}

export function foldLog(events: SessionEvent[]): FoldedEvent[] {
  let state: SessionState | null = null
  return events.map((event) => {
    const before = state
    state = evolve(state, event)
    return { event, before, after: state }
  })
}

/** The deadline (epoch ms) of the phase whose clock this event starts; null when it starts none. */
export function clockStartedBy({ event, after }: FoldedEvent): number | null {
  const timer = after.timer
  const startsClock = event.type === 'PhaseStarted' && timer !== null && timer.phase === after.phase && timer.durationSeconds > 0
  return startsClock && timer ? deadlineOf(timer) : null
}

/**
 * When the phase that event `index` left the session in gave way (epoch ms): the next event that leaves it or
 * starts another clock (a new round's reading after feedback); null while it runs.
 */
export function phaseEndedAt(log: FoldedEvent[], index: number): number | null {
  const phase = log[index].after.phase
  const next = log.findIndex((later, at) => at > index && (later.after.phase !== phase || later.event.type === 'PhaseStarted'))
  return next === -1 ? null : log[next].event.at
}

const iso = (at: number) => new Date(at).toISOString()

function annotate(entries: TimelineEntry[]): AdminTimelineEntry[] {
  const log = foldLog(entries.map(eventOf))
  const startAt = log.length > 0 ? log[0].event.at : 0
  return entries.map((entry, index) => {
    const { event, before, after } = log[index]
    const sentence = eventSentence(event, namer([after, before], entries))
    const msFromStart = event.at - startAt
    const deadline = clockStartedBy(log[index])
    if (deadline === null) return { ...entry, sentence, msFromStart, deadline: null }
    const nextAt = phaseEndedAt(log, index)
    return {
      ...entry,
      sentence,
      msFromStart,
      deadline: {
        phase: entry.phaseAfter,
        deadline: iso(deadline),
        nextPhaseAt: nextAt === null ? null : iso(nextAt),
        differenceMs: nextAt === null ? null : nextAt - deadline,
      },
    }
  })
}

export async function adminTimeline(db: Db, sessionId: number): Promise<AdminTimeline> {
  const { entries, state } = await replayTimeline(db, sessionId)
  return { code: state?.code ?? '', title: state?.title ?? '', entries: annotate(entries) }
}
