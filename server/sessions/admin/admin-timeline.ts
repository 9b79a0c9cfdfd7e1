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
const atOf = (event: SessionEvent) => event.at

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

function annotate(entries: TimelineEntry[]): AdminTimelineEntry[] {
  const events = entries.map(eventOf)
  const startAt = events.length > 0 ? atOf(events[0]) : 0
  let state: SessionState | null = null
  const annotated = entries.map((entry, index) => {
    const before = state
    state = evolve(state, events[index])
    const sentence = eventSentence(events[index], namer([state, before], entries))
    const timer = state.timer
    // A phase whose clock starts with this event: its deadline, compared below with the next phase's start.
    const startsClock = events[index].type === 'PhaseStarted' && timer !== null && timer.phase === state.phase && timer.durationSeconds > 0
    return { entry, sentence, msFromStart: atOf(events[index]) - startAt, deadline: startsClock && timer ? deadlineOf(timer) : null }
  })
  return annotated.map(({ entry, sentence, msFromStart, deadline }, index) => {
    if (deadline === null) return { ...entry, sentence, msFromStart, deadline: null }
    // The next event that leaves this phase or starts another clock (a new round's reading after feedback).
    const next = entries.findIndex((later, at) => at > index && (later.phaseAfter !== entry.phaseAfter || later.type === 'PhaseStarted'))
    const nextAt = next === -1 ? null : atOf(events[next])
    return {
      ...entry,
      sentence,
      msFromStart,
      deadline: {
        phase: entry.phaseAfter,
        deadline: new Date(deadline).toISOString(),
        nextPhaseAt: nextAt === null ? null : new Date(nextAt).toISOString(),
        differenceMs: nextAt === null ? null : nextAt - deadline,
      },
    }
  })
}

export async function adminTimeline(db: Db, sessionId: number): Promise<AdminTimeline> {
  const { entries, state } = await replayTimeline(db, sessionId)
  return { code: state?.code ?? '', title: state?.title ?? '', entries: annotate(entries) }
}
