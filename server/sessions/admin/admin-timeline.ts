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
 * actually began. Times from the start, deadlines and `happenedAt` are on the clock the rules ran on (each event's
 * own `at`, which timers start from); `at` stays the time the database recorded it.
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

/**
 * Where the phase that event `index` left the session in gave way: the next event that leaves it or starts another
 * clock (a new round's reading after feedback); the log's length while it runs.
 */
function phaseEnd(log: FoldedEvent[], index: number): number {
  const phase = log[index].after.phase
  const next = log.findIndex((later, at) => at > index && (later.after.phase !== phase || later.event.type === 'PhaseStarted'))
  return next === -1 ? log.length : next
}

/** When the phase that event `index` left the session in gave way (epoch ms); null while it runs. */
export function phaseEndedAt(log: FoldedEvent[], index: number): number | null {
  const end = phaseEnd(log, index)
  return end === log.length ? null : log[end].event.at
}

/**
 * The deadline (epoch ms) of the timed phase event `index` starts; null when it starts none. It is the phase's
 * timer as it last stood before the phase gave way (or stands now, while it runs), not the one it started with: a
 * mock exam's pause and resume move the clock on (evolve's CircuitResumed), and the first deadline would read the
 * pause as lateness. While paused the timer is gone, so the last one it ran on stays.
 */
export function phaseDeadline(log: FoldedEvent[], index: number): number | null {
  const { event, after } = log[index]
  const started = after.timer
  if (event.type !== 'PhaseStarted' || started === null || started.phase !== after.phase || started.durationSeconds <= 0) return null
  let timer = started
  const end = phaseEnd(log, index)
  for (let at = index + 1; at < end; at += 1) {
    const held = log[at].after.timer
    if (held?.phase === started.phase) timer = held
  }
  return deadlineOf(timer)
}

const iso = (at: number) => new Date(at).toISOString()

/** The log's entries with their sentences, times and deadlines: what the timeline shows and the export holds. */
export function annotate(entries: TimelineEntry[]): AdminTimelineEntry[] {
  const log = foldLog(entries.map(eventOf))
  const startAt = log.length > 0 ? log[0].event.at : 0
  return entries.map((entry, index) => {
    const { event, before, after } = log[index]
    const read = { ...entry, happenedAt: iso(event.at), msFromStart: event.at - startAt, sentence: eventSentence(event, namer([after, before], entries)) }
    const deadline = phaseDeadline(log, index)
    if (deadline === null) return { ...read, deadline: null }
    const nextAt = phaseEndedAt(log, index)
    return {
      ...read,
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
