import type { TimelineEntry } from '../../../schemas/session-wire.ts'
import type { Db } from '../../db/connect.ts'
import { replayTimeline } from '../store/timeline.ts'

/** A session's whole log as a maintainer downloads it (issue 37), and `npm run replay -- CODE --json` prints. */
export interface SessionLogExport {
  code: string
  sessionId: number
  events: TimelineEntry[]
}

export async function sessionLogExport(db: Db, sessionId: number): Promise<SessionLogExport> {
  const { entries, state } = await replayTimeline(db, sessionId)
  return { code: state?.code ?? '', sessionId, events: entries }
}

/** The download's file name: the code, which is all a maintainer needs to find it again. */
export const exportFileName = (code: string) => `session-${code}.json`
