import type { AdminTimelineEntry } from '../../../schemas/api/admin-sessions.ts'
import type { TimelineEntry } from '../../../schemas/session-wire.ts'
import type { Db } from '../../db/connect.ts'
import { findCaseVersion } from '../../content/case-versions.ts'
import { replayTimeline } from '../store/timeline.ts'
import { annotate } from './admin-timeline.ts'

/**
 * A session's whole log as a maintainer downloads it (issue 37), and `npm run replay -- CODE --json` prints: each
 * event as the timeline shows it (its sentence, times, actor, phase after and timer deadline), and the case
 * versions the room was given (issue 35), so the file reads on its own after the bank has changed.
 */
export interface SessionLogExport {
  code: string
  sessionId: number
  events: AdminTimelineEntry[]
  /** Each case assigned, in the log's order, at the version assigned; title null once the case is deleted. */
  casesPlayed: CasePlayed[]
}

export interface CasePlayed {
  round: number
  caseId: number
  version: number
  title: string | null
}

/** The cases the log's CaseAssigned events gave the room, each (round, case, version) once. */
async function casesPlayed(db: Db, entries: TimelineEntry[]): Promise<CasePlayed[]> {
  const assigned = new Map<string, Omit<CasePlayed, 'title'>>()
  for (const { type, payload } of entries) {
    if (type !== 'CaseAssigned') continue
    const played = { round: Number(payload.round), caseId: Number(payload.caseId), version: Number(payload.caseVersion ?? 1) }
    assigned.set(`${played.round}:${played.caseId}:${played.version}`, played)
  }
  return Promise.all([...assigned.values()].map(async (played) => ({ ...played, title: (await findCaseVersion(db, played.caseId, played.version))?.title ?? null })))
}

export async function sessionLogExport(db: Db, sessionId: number): Promise<SessionLogExport> {
  const { entries, state } = await replayTimeline(db, sessionId)
  return { code: state?.code ?? '', sessionId, events: annotate(entries), casesPlayed: await casesPlayed(db, entries) }
}

/** The download's file name: the code, which is all a maintainer needs to find it again. */
export const exportFileName = (code: string) => `session-${code}.json`
