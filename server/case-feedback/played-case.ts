import type { CaseFeedbackSource } from '../../schemas/case-feedback.ts'
import { soloPhaseAt } from '../../schemas/solo/solo-station.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound } from '../errors.ts'
import { ownSoloStation, timesOf } from '../solo/solo-repo.ts'
import { CASE_GONE, NO_SUCH_STATION } from '../solo/solo-routes.ts'
import { normaliseSessionCode } from '../sessions/engine/session-codes.ts'
import { findSessionByCode } from '../sessions/store/queries.ts'
import { roundCase } from '../sessions/store/round-case.ts'
import { roundSeen } from '../sessions/store/round-seen.ts'
import { caseVersionExists } from '../content/case-versions.ts'

export const NO_SUCH_ROUND = 'There is no such round of a session of yours'
export const AFTER_THE_STATION = 'You can rate or report a case once its consultation is over'

/** The case a participant played, as they played it: the version is the one drawn, whatever was edited since. */
export interface PlayedCase {
  caseId: number
  caseVersion: number
  sessionId: number | null
  round: number | null
  soloStationId: number | null
}

/**
 * The case played where the source says, for someone who played it there and once that station is over. Anyone
 * else hears what they would of a session or station that does not exist, so ids and codes tell them nothing.
 */
export async function playedCase(db: Db, source: CaseFeedbackSource, userId: number, now: number): Promise<PlayedCase> {
  return 'soloStationId' in source ? soloCasePlayed(db, source.soloStationId, userId, now) : roundCasePlayed(db, source.sessionCode, source.round, userId)
}

async function roundCasePlayed(db: Db, code: string, round: number, userId: number): Promise<PlayedCase> {
  const normalised = normaliseSessionCode(code)
  const session = normalised === null ? undefined : await findSessionByCode(db, normalised)
  const participant =
    session &&
    (await db.selectFrom('session_participants').select('user_id').where('session_id', '=', session.id).where('user_id', '=', userId).executeTakeFirst())
  const played = participant && (await roundCase(db, session.id, round))
  if (!session || !played) throw notFound(NO_SUCH_ROUND)
  const seen = await roundSeen(db, session.id, round, userId)
  if (seen === 'NOT_THERE') throw notFound(NO_SUCH_ROUND)
  if (seen === 'NOT_OVER') throw conflict(AFTER_THE_STATION)
  if (!(await caseVersionExists(db, played.caseId, played.caseVersion))) throw notFound(CASE_GONE)
  return { ...played, sessionId: session.id, round, soloStationId: null }
}

async function soloCasePlayed(db: Db, id: number, userId: number, now: number): Promise<PlayedCase> {
  const station = await ownSoloStation(db, id, userId)
  if (!station) throw notFound(NO_SUCH_STATION)
  if (station.case_id === null) throw notFound(CASE_GONE)
  if (soloPhaseAt(timesOf(station), now) !== 'MARKING') throw conflict(AFTER_THE_STATION)
  // Stations started before versions (issue 35) stored none: they played version 1, what each case was then.
  return { caseId: station.case_id, caseVersion: station.case_version ?? 1, sessionId: null, round: null, soloStationId: station.id }
}
