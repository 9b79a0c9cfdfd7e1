import type { CaseView } from '../../schemas/content.ts'
import { checkedScores } from '../../schemas/session/feedback-scores.ts'
import { checkedMarking } from '../../schemas/session/marking-rules.ts'
import { stationResult } from '../../schemas/session/station-result.ts'
import type { SoloMarks, SoloSavedMarks } from '../../schemas/solo/solo-wire.ts'
import { badRequest } from '../errors.ts'
import { asHttpError } from '../sessions/engine/command-runner.ts'
import { criteriaShapes } from '../sessions/engine/decision-context.ts'

export const UNKNOWN_ITEM = 'A mark names an item that is not on this station\'s checklist'
export const ITEM_TWICE = 'Each checklist item takes one mark'

/**
 * A candidate's marks of their own station, checked as the examiner's are: every criterion scored, a judgement,
 * and an area for Unsatisfactory or Borderline; each checklist mark on an item of this station, once.
 */
export function checkedSoloMarks(fullCase: CaseView, body: SoloMarks, now: number): SoloSavedMarks {
  const items = new Set((fullCase.station?.checklist ?? []).map((item) => item.id))
  if (body.ticks.some((tick) => !items.has(tick.itemId))) throw badRequest(UNKNOWN_ITEM)
  if (new Set(body.ticks.map((tick) => tick.itemId)).size !== body.ticks.length) throw badRequest(ITEM_TWICE)
  try {
    const criteriaScores = checkedScores(criteriaShapes(fullCase.feedbackCriteria), body.criteriaScores)
    const marking = checkedMarking('OBSERVER', { globalJudgement: body.globalJudgement, feedbackAreas: body.feedbackAreas })
    return { ticks: body.ticks, criteriaScores, ...marking, comment: body.comment, ...stationResult(criteriaScores), markedAt: now }
  } catch (error) {
    throw asHttpError(error)
  }
}
