import { MAX_SCORE, roundedScore } from './feedback-scores.ts'
import type { Phase, SessionEvent, SessionEventType, SessionRole } from './types.ts'

/**
 * What each event of a session's log means, in one plain sentence, for the maintainers' timeline (issue 37): the
 * sentence a maintainer reads to a candidate in a dispute. Pure: names come from the caller (the fold's
 * participants), so a deleted account reads as it does everywhere else.
 */

export type NameOf = (userId: number) => string

const SEAT_WORDS: Record<SessionRole, string> = { DOCTOR: 'doctor', PATIENT: 'patient', OBSERVER: 'observer' }
const PHASE_WORDS: Record<Phase, string> = { WAITING: 'Waiting', READING: 'Reading', CONSULTATION: 'Consultation', FEEDBACK: 'Feedback', COMPLETED: 'Completed' }
const LEAVE_WORDS: Record<Extract<SessionEvent, { type: 'ParticipantLeft' }>['reason'], string> = {
  LEFT: 'left the session',
  OFFLINE_TOO_LONG: 'was offline too long and left',
  JOINED_ANOTHER_SESSION: 'left by joining another session',
  ACCOUNT_DELETED: 'left: their account was deleted',
  SUSPENDED: 'left: their account was suspended',
}

/** 90 -> "1:30", 7200 -> "120:00": minutes and seconds, as the room's clock shows them. */
export function clockWords(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** "9/12": the sum the scorer gave (overallPerformance) out of the most the mark scheme allows. */
export function scoreWords(overall: number, criteria: number): string {
  return `${roundedScore(overall)}/${criteria * MAX_SCORE}`
}

type Sentence<T extends SessionEventType> = (event: Extract<SessionEvent, { type: T }>, nameOf: NameOf) => string

const SENTENCES: { [T in SessionEventType]: Sentence<T> } = {
  SessionCreated: (e) => `${e.hostName} created the session "${e.title}" (code ${e.code})`,
  ParticipantJoined: (e) => `${e.name} took the ${SEAT_WORDS[e.role]} seat`,
  ParticipantLeft: (e, nameOf) => `${nameOf(e.userId)} ${LEAVE_WORDS[e.reason]}`,
  SessionConfigured: (e) =>
    `Settings changed: reading ${clockWords(e.config.readingTime * 60)}, consultation ${clockWords(e.config.consultationTime * 60)}` +
    (e.caseReturned ? '; the case held went back unplayed' : ''),
  CaseAssigned: (e) => `Round ${e.round} drew case ${e.caseId} (version ${e.caseVersion ?? 1})`,
  TopicAdded: (e) => `Topic added: ${e.topic}`,
  TopicSelectionNeeded: (e) => `No cases left in ${e.completedTopic}: the doctor must choose another topic`,
  PhaseStarted: (e) =>
    e.phase === 'COMPLETED'
      ? 'The session completed'
      : e.durationSeconds > 0
        ? `${PHASE_WORDS[e.phase]} started: ${clockWords(e.durationSeconds)}`
        : `${PHASE_WORDS[e.phase]} started`,
  RolesSwapped: (e, nameOf) => `Seats swapped: ${nameOf(e.newDoctorUserId)} is now the doctor, ${nameOf(e.newPatientUserId)} the patient`,
  SeatsRotated: (e, nameOf) =>
    `Seats rotated: ${nameOf(e.newDoctorUserId)} is now the doctor, ${nameOf(e.newPatientUserId)} the patient, ${nameOf(e.newObserverUserId)} the observer`,
  FeedbackSubmitted: (e, nameOf) => `${nameOf(e.fromUserId)} submitted feedback: ${scoreWords(e.overallPerformance, e.criteriaScores.length)}`,
  ParticipantCompleted: (e, nameOf) => `${nameOf(e.userId)} finished the session`,
  SessionEnded: (e) => `The session ended (${e.reason})`,
  ChecklistItemMarked: (e, nameOf) => `${nameOf(e.userId)} marked checklist item ${e.itemId}: ${e.mark.replace('_', ' ').toLowerCase()}`,
  FactRevealed: (e, nameOf) => `${nameOf(e.userId)} ${e.revealed ? 'told' : 'took back'} fact ${e.factId}`,
  CircuitPaused: (e) => `The mock exam was paused with ${clockWords(e.remainingSeconds)} left: ${e.reason}`,
  CircuitResumed: () => 'The mock exam resumed',
  RecordingAsked: (e, nameOf) => `${nameOf(e.userId)} asked to record the room`,
  RecordingConsented: (e, nameOf) => `${nameOf(e.userId)} consented to recording`,
  RecordingStopped: (e, nameOf) => `${nameOf(e.userId)} stopped the recording`,
}

/** The event's one sentence. */
export function eventSentence(event: SessionEvent, nameOf: NameOf): string {
  return (SENTENCES[event.type] as Sentence<SessionEventType>)(event as never, nameOf)
}
