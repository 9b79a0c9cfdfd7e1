import type { AdminTimelineEntry } from '../../../../schemas/api/admin-sessions.ts'
import { PHASE_LABEL } from '../../../../schemas/labels.ts'
import { formatClock } from '../../../session/room/timer.ts'
import { timelineAddress } from '../timeline-address.ts'

/**
 * The session timeline page's words and choices (issue 37), pure so they are tested alone: which event the address
 * opens at, and how a timer's deadline reads against when the next phase actually began.
 */

type Deadline = NonNullable<AdminTimelineEntry['deadline']>

/**
 * What the address asks for: `?version=N` (kept as typed: the server judges it and says what is wrong), else
 * `?at=<ISO>` (a report's moment), else nothing chosen yet.
 */
export type StepAsked =
  | { kind: 'none' }
  | { kind: 'version'; version: string }
  | { kind: 'at'; at: number; text: string }
  | { kind: 'badAt'; text: string }

export function readStep(search: string): StepAsked {
  const params = new URLSearchParams(search)
  const version = params.get('version')?.trim()
  if (version) return { kind: 'version', version }
  const at = params.get('at')?.trim()
  if (!at) return { kind: 'none' }
  const moment = Date.parse(at)
  return Number.isNaN(moment) ? { kind: 'badAt', text: at } : { kind: 'at', at: moment, text: at }
}

/**
 * The last event at or before a moment; null when the log starts after it. Judged by each event's own time, the
 * application's clock, which also stamps a report's moment (the database's clock may differ from it).
 */
export function versionAt(entries: readonly AdminTimelineEntry[], moment: number): number | null {
  let found: number | null = null
  for (const entry of entries) {
    if (Date.parse(entry.happenedAt) <= moment && (found === null || entry.version > found)) found = entry.version
  }
  return found
}

/**
 * The event the address names, when the log has it: `?version=N` as such, `?at=` as the last event at or before
 * its moment. Null for anything else (a version past the end is then the server's to explain).
 */
export function chosenStep(asked: StepAsked, entries: readonly AdminTimelineEntry[]): number | null {
  if (asked.kind === 'at') return versionAt(entries, asked.at)
  if (asked.kind !== 'version' || !/^\d+$/.test(asked.version)) return null
  const version = Number(asked.version)
  return entries.some((entry) => entry.version === version) ? version : null
}

/** The admin panel's tab that finds sessions, where the timeline's way back leads. */
export const SESSIONS_TAB = '/admin?tab=sessions'

/** The page's address at one step: what a reload or a shared link opens at. */
export const stepHref = (code: string, version: number) => `${timelineAddress(code)}?version=${version}`

/** 725000 ms -> "+12:05": the time since the log's first event, as the room's clock writes minutes. */
export const fromStartWords = (ms: number) => `+${formatClock(ms / 1000)}`

/** A phase's end against its deadline, to the whole second: "on time", "1:12 early", "0:05 late". */
export function differenceWords(differenceMs: number): string {
  const seconds = Math.round(Math.abs(differenceMs) / 1000)
  if (seconds === 0) return 'on time'
  return `${formatClock(seconds)} ${differenceMs < 0 ? 'early' : 'late'}`
}

/**
 * "Reading deadline 20:02:00 · next phase began 20:00:48 (1:12 early)". `time` writes an ISO moment (the page's
 * local time with seconds; fixed in tests).
 */
export function deadlineWords(deadline: Deadline, time: (iso: string) => string): string {
  const due = `${PHASE_LABEL[deadline.phase]} deadline ${time(deadline.deadline)}`
  if (deadline.nextPhaseAt === null || deadline.differenceMs === null) return `${due} · the log holds no next phase yet`
  return `${due} · next phase began ${time(deadline.nextPhaseAt)} (${differenceWords(deadline.differenceMs)})`
}

/**
 * The timers started up to a step, each marked running when its phase had not yet given way at that step's
 * moment (`at`, ISO, on the clock the deadlines are on: the state's own).
 */
export function deadlinesUpTo(entries: readonly AdminTimelineEntry[], version: number, at: string): Array<{ version: number; deadline: Deadline; running: boolean }> {
  const moment = Date.parse(at)
  return entries.flatMap((entry) =>
    entry.version <= version && entry.deadline
      ? [{ version: entry.version, deadline: entry.deadline, running: entry.deadline.nextPhaseAt === null || Date.parse(entry.deadline.nextPhaseAt) > moment }]
      : [],
  )
}

export interface MomentWords {
  /** An ISO moment to the second: "20:02:00". */
  time: (iso: string) => string
  /** The same with its day, for a page's header and each time's tooltip. */
  dateTime: (iso: string) => string
}

/** Moments in `zone` (the admin's, as the Sessions tab shows them), in the reader's language. */
export function momentWords(zone: string): MomentWords {
  const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: zone })
  const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone })
  return { time: (iso) => time.format(new Date(iso)), dateTime: (iso) => dateTime.format(new Date(iso)) }
}
