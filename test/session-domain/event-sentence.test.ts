import t from 'tap'
import { clockWords, eventSentence } from '../../schemas/session/event-sentence.ts'
import type { SessionEvent, SessionEventType } from '../../schemas/session/types.ts'
import { DEFAULT_CONFIG, storedScores, T0 } from './fixtures.ts'

/** Every event type of the log has its one plain sentence (issue 37): the record's type makes a new type fail here. */

const NAMES = new Map([
  [1, 'Ben'],
  [2, 'Priya'],
  [3, 'Omar'],
])
const nameOf = (userId: number) => NAMES.get(userId) ?? `user #${userId}`
const at = T0

const SAMPLES: { [T in SessionEventType]: [Extract<SessionEvent, { type: T }>, string] } = {
  SessionCreated: [{ type: 'SessionCreated', sessionId: 7, code: 'ABCD-EFGH', title: 'Tuesday', hostUserId: 1, hostName: 'Ben', config: DEFAULT_CONFIG, at }, 'Ben created the session "Tuesday" (code ABCD-EFGH)'],
  ParticipantJoined: [{ type: 'ParticipantJoined', userId: 1, name: 'Ben', role: 'PATIENT', at }, 'Ben took the patient seat'],
  ParticipantLeft: [{ type: 'ParticipantLeft', userId: 2, reason: 'OFFLINE_TOO_LONG', at }, 'Priya was offline too long and left'],
  SessionConfigured: [{ type: 'SessionConfigured', config: { ...DEFAULT_CONFIG, readingTime: 1.5, consultationTime: 8 }, caseReturned: true, at }, 'Settings changed: reading 1:30, consultation 8:00; the case held went back unplayed'],
  CaseAssigned: [{ type: 'CaseAssigned', caseId: 12, caseVersion: 3, round: 2, at }, 'Round 2 drew case 12 (version 3)'],
  TopicAdded: [{ type: 'TopicAdded', topic: 'Neurology', at }, 'Topic added: Neurology'],
  TopicSelectionNeeded: [{ type: 'TopicSelectionNeeded', completedTopic: 'Cardiology', availableTopics: ['Neurology'], at }, 'No cases left in Cardiology: the doctor must choose another topic'],
  PhaseStarted: [{ type: 'PhaseStarted', phase: 'READING', startTimestamp: at, durationSeconds: 120, at }, 'Reading started: 2:00'],
  RolesSwapped: [{ type: 'RolesSwapped', newDoctorUserId: 2, newPatientUserId: 1, at }, 'Seats swapped: Priya is now the doctor, Ben the patient'],
  SeatsRotated: [{ type: 'SeatsRotated', newDoctorUserId: 2, newPatientUserId: 3, newObserverUserId: 1, at }, 'Seats rotated: Priya is now the doctor, Omar the patient, Ben the observer'],
  FeedbackSubmitted: [
    { type: 'FeedbackSubmitted', fromUserId: 2, fromRole: 'OBSERVER', toUserId: 1, caseId: 12, round: 1, comment: '', criteriaScores: [...storedScores(3, 2, 4), { ...storedScores()[0], criterionId: 'c3' }], overallPerformance: 9, at },
    'Priya submitted feedback: 9/12',
  ],
  ParticipantCompleted: [{ type: 'ParticipantCompleted', userId: 3, at }, 'Omar finished the session'],
  SessionEnded: [{ type: 'SessionEnded', reason: 'HOST_ENDED', at }, 'The session ended (HOST_ENDED)'],
  ChecklistItemMarked: [{ type: 'ChecklistItemMarked', userId: 3, round: 1, caseId: 12, itemId: 'c1', mark: 'NOT_DONE', second: 42, at }, 'Omar marked checklist item c1: not done'],
  FactRevealed: [{ type: 'FactRevealed', userId: 1, round: 1, caseId: 12, factId: 'onset', revealed: true, second: 10, at }, 'Ben told fact onset'],
  CircuitPaused: [{ type: 'CircuitPaused', reason: 'Fire alarm', remainingSeconds: 75, at }, 'The mock exam was paused with 1:15 left: Fire alarm'],
  CircuitResumed: [{ type: 'CircuitResumed', at }, 'The mock exam resumed'],
  RecordingAsked: [{ type: 'RecordingAsked', userId: 1, at }, 'Ben asked to record the room'],
  RecordingConsented: [{ type: 'RecordingConsented', userId: 2, at }, 'Priya consented to recording'],
  RecordingStopped: [{ type: 'RecordingStopped', userId: 9, at }, 'user #9 stopped the recording'],
}

t.test('one plain sentence per event type', async (t) => {
  for (const [type, [event, sentence]] of Object.entries(SAMPLES)) t.equal(eventSentence(event as SessionEvent, nameOf), sentence, type)
})

t.test('phases without a clock, and the clock\'s words', async (t) => {
  t.equal(eventSentence({ type: 'PhaseStarted', phase: 'COMPLETED', startTimestamp: at, durationSeconds: 0, at }, nameOf), 'The session completed')
  t.equal(eventSentence({ type: 'PhaseStarted', phase: 'WAITING', startTimestamp: at, durationSeconds: 0, at }, nameOf), 'Waiting started')
  t.same([clockWords(0), clockWords(59.6), clockWords(7200)], ['0:00', '1:00', '120:00'])
})
