import { monthsApart, NEAR_EXAM_MONTHS } from '../../schemas/board.ts'
import { freeIntervals, MATCH_DAYS, usefulOverlaps, type Interval, type MinuteStretch } from '../../schemas/partners/availability.ts'
import { MAX_MATCHES, overlapView, type PartnerCard, type PartnerMatch } from '../../schemas/partners/matches.ts'
import { reliabilityRank } from '../../schemas/partners/reliability.ts'
import type { CandidateRow } from './hours-repo.ts'

/**
 * "Partners free when I am" (issue 36): whose free hours in the next week overlap mine long enough to practise,
 * whose exam month is near mine when asked, most reliable first. Reads nothing: the rows and `now` are passed in.
 */

export interface Viewer {
  hours: MinuteStretch[]
  timeZone: string | null
  examMonth: string | null
}

/** The viewer's free instants over the matching window; none without hours or a zone. */
const freeOf = (hours: MinuteStretch[], zone: string | null, now: number): Interval[] => (zone && hours.length > 0 ? freeIntervals(hours, zone, now, MATCH_DAYS) : [])

const totalOf = (overlaps: Interval[]) => overlaps.reduce((sum, overlap) => sum + overlap.endMs - overlap.startMs, 0)

/** Exam months within NEAR_EXAM_MONTHS of each other; someone who has not said is not near. */
const examNearTo = (mine: string) => (candidate: CandidateRow) => candidate.examMonth !== null && monthsApart(candidate.examMonth, mine) <= NEAR_EXAM_MONTHS

/** A candidate's card for the viewer: the times in the next week both are free ([] when either has no hours or zone). */
export function cardFor(candidate: CandidateRow, candidateHours: MinuteStretch[], viewer: Viewer, now: number): PartnerCard {
  const overlaps = usefulOverlaps(freeOf(viewer.hours, viewer.timeZone, now), freeOf(candidateHours, candidate.timeZone, now))
  return {
    userId: candidate.id,
    name: candidate.name,
    examMonth: candidate.examMonth,
    timeZone: candidate.timeZone,
    reliability: candidate.reliability,
    overlaps: overlaps.map(overlapView),
  }
}

/** The matches among `candidates` (each with a zone), ranked: reliability, then the longer time together, then who joined first. */
export function rankMatches(
  candidates: CandidateRow[],
  hoursByUser: Map<number, MinuteStretch[]>,
  viewer: Viewer & { timeZone: string },
  options: { examNear: boolean; now: number },
): PartnerMatch[] {
  const mine = freeOf(viewer.hours, viewer.timeZone, options.now)
  const near = options.examNear && viewer.examMonth ? examNearTo(viewer.examMonth) : () => true
  return candidates
    .filter(near)
    .flatMap((candidate) => {
      const overlaps = usefulOverlaps(mine, freeOf(hoursByUser.get(candidate.id) ?? [], candidate.timeZone, options.now))
      return overlaps.length > 0 && candidate.timeZone ? [{ candidate, zone: candidate.timeZone, overlaps, rank: reliabilityRank(candidate.reliability) }] : []
    })
    .sort((a, b) => b.rank - a.rank || totalOf(b.overlaps) - totalOf(a.overlaps) || a.candidate.id - b.candidate.id)
    .slice(0, MAX_MATCHES)
    .map(({ candidate, zone, overlaps }) => ({
      userId: candidate.id,
      name: candidate.name,
      examMonth: candidate.examMonth,
      timeZone: zone,
      reliability: candidate.reliability,
      overlaps: overlaps.map(overlapView),
    }))
}
