import { elapsedSeconds } from '../../../../schemas/session/clock.ts'
import type { RoomSession } from '../../../session/room/room-state.ts'
import { feedbackPart } from '../../../session/room/submit-choices.ts'
import { formatClock, remainingSeconds } from '../../../session/room/timer.ts'

/**
 * Which of the room's parts a seat's screen showed in a phase, as SessionRoom composes them (phases/*; the feedback
 * part by RoomFeedback's own rule, feedbackPart): the timeline draws those parts with the room's own components,
 * never the live controls.
 */
export interface SeatScreenParts {
  /** What the room's body said first for this phase and seat. */
  says: string
  /** The role's case view (CaseNotes): reading and consultation. */
  caseNotes: boolean
  /** The station's facts to tick (patient) or checklist to mark (observer): consultation and feedback. */
  stationNotes: boolean
  /** The scoring form, with the mark scheme: the patient's and observer's until their feedback is in. */
  scoringForm: boolean
}

const NOTHING = { caseNotes: false, stationNotes: false, scoringForm: false }

export function seatScreen(session: Pick<RoomSession, 'phase' | 'role' | 'participants'>, userId: number): SeatScreenParts {
  const feedback = feedbackPart(session, userId)
  switch (session.phase) {
    case 'WAITING':
      return { says: 'The waiting room: no case on screen', ...NOTHING }
    case 'READING':
      return { says: 'Reading time', ...NOTHING, caseNotes: true }
    case 'CONSULTATION':
      if (feedback === 'none') return { says: 'Consultation', ...NOTHING, caseNotes: true }
      if (feedback === 'joinedLate') return { says: 'Consultation (joined after it began: nothing to score)', ...NOTHING, caseNotes: true, stationNotes: true }
      return { says: 'Consultation, with the scoring form to fill in while watching', caseNotes: true, stationNotes: true, scoringForm: true }
    case 'FEEDBACK':
      if (feedback === 'none') return { says: 'Consultation complete: waiting for the feedback', ...NOTHING }
      if (feedback === 'submitted') return { says: 'Feedback Submitted', ...NOTHING }
      if (feedback === 'joinedLate') return { says: 'Feedback for this case is under way (joined after the consultation: nothing to score)', ...NOTHING }
      return { says: 'Feedback: the scoring form', ...NOTHING, stationNotes: true, scoringForm: true }
    case 'COMPLETED':
      return { says: 'Session Complete', ...NOTHING }
  }
}

/** What the seat's clock showed at that moment (epoch ms), as the room counts it: a stopwatch consultation counts up. */
export function clockThen(room: Pick<RoomSession, 'phase' | 'timer' | 'config'>, at: number): string | null {
  if (!room.timer) return null
  const total = formatClock(room.timer.durationSeconds)
  if (room.phase === 'CONSULTATION' && room.config.timingType === 'STOPWATCH') return `${formatClock(elapsedSeconds(room.timer, at))} elapsed of ${total}`
  return `${formatClock(remainingSeconds(room.timer, at))} left of ${total}`
}
