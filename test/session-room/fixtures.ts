import type { PatientCaseView } from '../../schemas/case-views.ts'
import type { ParticipantView, SessionDetails } from '../../schemas/session-wire.ts'
import type { LiveMessage, SessionUpdateMessage } from '../../schemas/session-live.ts'

export const DOCTOR_ID = 1
export const PATIENT_ID = 2
export const OBSERVER_ID = 3
export const T0 = 1_800_000_000_000

export function participant(userId: number, role: ParticipantView['role'], extra: Partial<ParticipantView> = {}): ParticipantView {
  return { id: String(userId), userId, name: `User ${userId}`, role, isOnline: true, hasCompleted: false, hasGivenFeedback: false, joinedAfterConsultation: false, nextRoundRequest: null, ...extra }
}

export const EVERYONE = [participant(DOCTOR_ID, 'doctor'), participant(PATIENT_ID, 'patient'), participant(OBSERVER_ID, 'observer')]

/** A case with one directly scored criterion and one scored through two sub-criteria: three slots. */
export function patientCase(id = 10): PatientCaseView {
  return {
    id,
    title: `Case ${id}`,
    description: 'A 54-year-old with chest pain',
    category: { id: 1, name: 'Cardiology' },
    visualData: null,
    imageUrl: null,
    telephoneConsultation: false,
    stationType: null,
    patientScript: null,
    checklist: null,
    patientNotes: 'You are worried.',
    patientSections: [],
    feedbackCriteria: [
      { id: 'c2', name: 'Management', domain: 'CLINICAL_MANAGEMENT', order: 1, hasSubCriteria: true, subCriteria: [{ id: 's2', name: 'Plan', order: 1 }, { id: 's1', name: 'Safety net', order: 0 }] },
      { id: 'c1', name: 'Data gathering', domain: 'DATA_GATHERING', order: 0, hasSubCriteria: false, subCriteria: [] },
    ],
  }
}

export function details(overrides: Partial<SessionDetails> = {}): SessionDetails {
  return {
    id: 5,
    code: 'K7MQ-2XD9',
    title: 'Evening practice',
    status: 'IN_PROGRESS',
    phase: 'READING',
    sessionType: 'TOPIC',
    timingType: 'COUNTDOWN',
    readingTime: 2,
    consultationTime: 8,
    selectedTopics: '["Cardiology"]',
    recallStartDate: null,
    recallEndDate: null,
    timeRemaining: 120,
    totalTime: 120,
    timerStartTimestamp: T0,
    currentRound: 1,
    userRole: 'PATIENT',
    isHost: false,
    selectedCase: patientCase(),
    participants: EVERYONE,
    createdAt: new Date(T0).toISOString(),
    startTime: new Date(T0).toISOString(),
    endTime: null,
    endedReason: null,
    stationTypes: [],
    mlaAreas: [],
    stationProgress: null,
    circuit: null,
    recording: null,
    ...overrides,
  }
}

export const phaseChange = (phase: 'READING' | 'CONSULTATION' | 'FEEDBACK', startTimestamp: number, durationSeconds: number): LiveMessage => ({
  type: 'PHASE_CHANGE',
  sessionCode: 'K7MQ-2XD9',
  phase,
  startTimestamp,
  durationSeconds,
})

export function sessionUpdate(overrides: Partial<SessionUpdateMessage> = {}): LiveMessage {
  return {
    type: 'SESSION_UPDATE',
    sessionCode: 'K7MQ-2XD9',
    title: 'Evening practice',
    phase: 'READING',
    status: 'IN_PROGRESS',
    currentRound: 1,
    timeRemaining: 0,
    totalTime: 0,
    timerStartTimestamp: null,
    config: { readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN', sessionType: 'TOPIC', selectedTopics: '["Cardiology"]' },
    participants: EVERYONE,
    selectedCase: patientCase(),
    ...overrides,
  }
}
