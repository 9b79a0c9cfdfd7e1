/**
 * The feedback form's exam marking (issue 17): the global judgement and the feedback areas ticked, kept in the
 * draft beside the scores. What a role must give is the server's rule (schemas/session/marking-rules.ts).
 */
import * as v from 'valibot'
import { FEEDBACK_AREAS, GLOBAL_JUDGEMENTS, type FeedbackArea, type GlobalJudgement } from '../../../schemas/marking.ts'
import type { StationMarking } from '../../../schemas/session/types.ts'

export const NO_MARKING: StationMarking = { globalJudgement: null, feedbackAreas: [] }

export const withJudgement = (marking: StationMarking, globalJudgement: GlobalJudgement | null): StationMarking => ({ ...marking, globalJudgement })

/** Ticks or unticks an area; the list stays in the exam's order and never holds one twice. */
export function withArea(marking: StationMarking, area: FeedbackArea, ticked: boolean): StationMarking {
  const chosen = new Set(marking.feedbackAreas)
  if (ticked) chosen.add(area)
  else chosen.delete(area)
  return { ...marking, feedbackAreas: FEEDBACK_AREAS.filter((known) => chosen.has(known)) }
}

export const isEmptyMarking = (marking: StationMarking) => marking.globalJudgement === null && marking.feedbackAreas.length === 0

/** A kept draft's marking; a draft kept before marking existed, or an edited one, restores none. */
export const SavedMarking = v.fallback(
  v.optional(
    v.object({
      globalJudgement: v.nullable(v.picklist(GLOBAL_JUDGEMENTS)),
      feedbackAreas: v.pipe(
        v.array(v.picklist(FEEDBACK_AREAS)),
        v.transform((areas) => FEEDBACK_AREAS.filter((area) => areas.includes(area))),
      ),
    }),
    NO_MARKING,
  ),
  NO_MARKING,
)
