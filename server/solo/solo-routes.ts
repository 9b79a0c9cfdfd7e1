import type { FastifyInstance } from 'fastify'
import { soloContracts } from '../../schemas/api/solo.ts'
import { noSoloCase, soloCase } from '../../schemas/solo/solo-case.ts'
import type { SoloChoice } from '../../schemas/solo/solo-wire.ts'
import { DAILY_LIMIT, mayEndAt, movedOn, SOLO_STARTS_PER_DAY, soloPhaseAt, TOO_EARLY_TO_END } from '../../schemas/solo/solo-station.ts'
import { DAY_MS } from '../../schemas/progress.ts'
import { findCase } from '../content/cases-repo.ts'
import { findCaseVersion } from '../content/case-versions.ts'
import type { CaseBankCache } from '../content/case-bank-cache.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound } from '../errors.ts'
import { perUserLimit } from '../request-identity.ts'
import { serve } from '../route-contract.ts'
import { catalogOf, cryptoRandom } from '../sessions/engine/decision-context.ts'
import { checkedSoloMarks } from './solo-marks.ts'
import { ownSoloStation, practisedCases, soloList, soloStartsSince, soloView, timesOf, type SoloRow } from './solo-repo.ts'

export const NO_SUCH_STATION = 'There is no such solo station'
export const CASE_GONE = "This station's case has been removed from the case bank"
export const NO_SUCH_CASE = 'There is no such case in the case bank'
export const NOT_A_STATION = 'This case has no station written yet (instructions, script and checklist), so it cannot be practised alone'
export const MARK_AFTER = 'You can mark your station once it is over: the script and checklist are shown then'

/**
 * /api/solo-stations (issue 34): a candidate practises a station alone and marks it. Every route answers only
 * about the caller's own stations; another's is "no such station", so ids tell nothing.
 */
export async function soloRoutes(app: FastifyInstance, options: { db: Db; caseBank: CaseBankCache; rateLimits: boolean; clock?: () => number }) {
  const { db, caseBank } = options
  const now = () => options.clock?.() ?? Date.now()
  const limited = perUserLimit(app, options, 120)

  const viewOf = async (row: SoloRow) => {
    // The version drawn, whatever edits came after; stations started before versions played version 1.
    const fullCase = row.case_id === null ? undefined : await findCaseVersion(db, row.case_id, row.case_version ?? 1)
    if (!fullCase) throw notFound(CASE_GONE)
    return { fullCase, view: soloView(row, fullCase, now()) }
  }
  const own = async (id: number, userId: number) => {
    const row = await ownSoloStation(db, id, userId)
    if (!row) throw notFound(NO_SUCH_STATION)
    return row
  }

  const drawnStation = async (userId: number, choice: SoloChoice) => {
    const chosen = soloCase(await catalogOf(db, caseBank), choice, await practisedCases(db, userId), cryptoRandom)
    const drawn = chosen && (await findCase(db, chosen.id))
    if (!drawn) throw conflict(noSoloCase(choice))
    return drawn
  }
  // Chosen on "Find a case": played whether or not it was played before, as long as it is a station.
  const namedStation = async (caseId: number) => {
    const named = await findCase(db, caseId)
    if (!named) throw notFound(NO_SUCH_CASE)
    if (!named.station) throw conflict(NOT_A_STATION)
    return named
  }

  serve(app, soloContracts.list, limited, async (request) => soloList(db, request.currentUser.id, now()))

  serve(app, soloContracts.start, limited, async (request, { body }) => {
    const userId = request.currentUser.id
    if ((await soloStartsSince(db, userId, now() - DAY_MS)) >= SOLO_STARTS_PER_DAY) throw conflict(DAILY_LIMIT)
    // The schema lets a body without a case id through only with a choice.
    const fullCase = body.caseId !== undefined ? await namedStation(body.caseId) : await drawnStation(userId, body.choice!)
    const row = await db
      .insertInto('solo_stations')
      .values({
        user_id: userId,
        case_id: fullCase.id,
        case_version: fullCase.version,
        case_title: fullCase.title,
        topic: fullCase.category.name,
        station_type: fullCase.station?.stationType ?? null,
        started_at: now(),
        reading_seconds: Math.round(body.readingTime * 60),
        consultation_seconds: Math.round(body.consultationTime * 60),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return soloView(row, fullCase, now())
  })

  serve(app, soloContracts.get, limited, async (request, { params }) => (await viewOf(await own(params.id, request.currentUser.id))).view)

  serve(app, soloContracts.moveOn, limited, async (request, { params, body }) => {
    const row = await own(params.id, request.currentUser.id)
    const moved = movedOn(timesOf(row), body.from, now())
    if (!moved) return (await viewOf(row)).view
    if (body.from === 'CONSULTATION' && !mayEndAt(timesOf(row), now())) throw conflict(TOO_EARLY_TO_END)
    // Only from the phase the times were read in: of two clicks at once, the first one's time is kept.
    const unmoved = body.from === 'READING' ? ('consultation_started_at' as const) : ('ended_at' as const)
    const updated = await db
      .updateTable('solo_stations')
      .set({ consultation_started_at: moved.consultationStartedAt, ended_at: moved.endedAt })
      .where('id', '=', row.id)
      .where(unmoved, 'is', null)
      .returningAll()
      .executeTakeFirst()
    return (await viewOf(updated ?? (await own(params.id, request.currentUser.id)))).view
  })

  serve(app, soloContracts.saveMarks, limited, async (request, { params, body }) => {
    const row = await own(params.id, request.currentUser.id)
    const { fullCase } = await viewOf(row)
    if (soloPhaseAt(timesOf(row), now()) !== 'MARKING') throw conflict(MARK_AFTER)
    const marks = checkedSoloMarks(fullCase, body, now())
    const updated = await db
      .updateTable('solo_stations')
      .set({ marks: JSON.stringify(marks), station_score: marks.stationScore, marked_at: new Date(marks.markedAt) })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return soloView(updated, fullCase, now())
  })
}
