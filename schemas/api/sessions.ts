import * as v from 'valibot'
import { RoleCaseViewSchema } from '../case-views.ts'
import { DebriefLinkSchema, DebriefParams, DebriefSchema, ScoredAssessmentSchema, SelfAssessmentBody, SelfAssessmentFormSchema } from '../debrief.ts'
import {
  ChecklistMarkBody,
  ConfigureSessionBody,
  CreateSessionBody,
  FeedbackSubmitBody,
  JoinSessionBody,
  JoinWithRoleBody,
  NewCaseBody,
  RevealedFactBody,
  SelectNewTopicBody,
  SkipPhaseBody,
} from '../session-api.ts'
import {
  ActiveSessionItemSchema,
  FeedbackReceivedItemSchema,
  JoinAnswerSchema,
  ObserverFeedbackStatusSchema,
  ParticipantViewSchema,
  SessionDetailsSchema,
  SessionRoleSchema,
  StationProgressSchema,
} from '../session-wire.ts'
import { CircuitViewSchema } from '../mock/circuit-view.ts'
import { PauseBody } from '../mock/circuit.ts'
import { RecordingViewSchema } from '../session/recording-consent.ts'
import { MessageAnswer, route } from './contract.ts'

/** Who has consented to recording the room after an ask, an accept or a stop (issue 34). */
const RecordingAnswer = v.object({ message: v.string(), recording: v.nullable(RecordingViewSchema) })
/** The circuit as it stands after a pause or a resume. */
const CircuitAnswer = v.object({ message: v.string(), circuit: v.nullable(CircuitViewSchema) })

/** How many other running sessions the user left by creating or joining this one (WIRE.md section 6). */
const leftFromSessions = v.number()

/** New Case: the next case, or the topic ran out of cases (choose another), or the session ended. */
const NewCaseAnswerSchema = v.union([
  v.object({ message: v.string(), noMoreCases: v.literal(true), currentTopic: v.string(), availableTopics: v.array(v.string()) }),
  v.object({ message: v.string(), sessionCompleted: v.optional(v.boolean()) }),
])

/** A note of a station (issue 32): the round's notes as the caller now sees them. */
const StationNotedAnswer = v.object({ message: v.string(), stationProgress: v.nullable(StationProgressSchema), version: v.number() })

/** The session calls of SPEC.md section 7 and WIRE.md section 5, with the additions the notes in session-wire.ts name. */
export const sessionContracts = {
  create: route('POST', '/sessions', {
    body: CreateSessionBody,
    answer: v.object({ sessionCode: v.string(), session: SessionDetailsSchema, leftFromSessions }),
  }),
  get: route('GET', '/sessions/:code', { answer: SessionDetailsSchema }),
  join: route('POST', '/sessions/join', { body: JoinSessionBody, answer: JoinAnswerSchema }),
  joinWithRole: route('POST', '/sessions/:code/join-with-role', {
    body: JoinWithRoleBody,
    answer: v.object({
      session: SessionDetailsSchema,
      participants: v.array(ParticipantViewSchema),
      message: v.string(),
      userRole: v.nullable(SessionRoleSchema),
      isHost: v.boolean(),
      leftFromSessions,
    }),
  }),
  configure: route('POST', '/sessions/:code/configure', {
    body: ConfigureSessionBody,
    answer: v.object({ session: SessionDetailsSchema, participants: v.array(ParticipantViewSchema), message: v.string() }),
  }),
  start: route('POST', '/sessions/:code/start', { answer: MessageAnswer }),
  skipPhase: route('POST', '/sessions/:code/skip-phase', { body: SkipPhaseBody, answer: MessageAnswer }),
  newCase: route('POST', '/sessions/:code/new-case', { body: NewCaseBody, answer: NewCaseAnswerSchema }),
  selectNewTopic: route('POST', '/sessions/:code/select-new-topic', {
    body: SelectNewTopicBody,
    answer: v.object({ message: v.string(), newCase: v.nullable(RoleCaseViewSchema) }),
  }),
  end: route('POST', '/sessions/:code/end', { answer: v.object({ message: v.string(), sessionEnded: v.boolean() }) }),
  complete: route('POST', '/sessions/:code/complete', {
    answer: v.object({ message: v.string(), alreadyCompleted: v.optional(v.boolean()), completed: v.optional(v.boolean()) }),
  }),
  leave: route('POST', '/sessions/:code/leave', { answer: MessageAnswer }),
  submitFeedback: route('POST', '/feedback/submit', {
    body: FeedbackSubmitBody,
    answer: v.object({ message: v.string(), feedbackId: v.nullable(v.number()), newCaseStarted: v.optional(v.boolean()) }),
  }),
  active: route('GET', '/sessions/user/active', { answer: v.array(ActiveSessionItemSchema) }),
  feedbackReceived: route('GET', '/feedback/received', { answer: v.array(FeedbackReceivedItemSchema) }),
  observerFeedbackStatus: route('GET', '/sessions/:code/observer-feedback-status', { answer: ObserverFeedbackStatusSchema }),
  debrief: route('GET', '/sessions/:code/rounds/:round/debrief', { params: DebriefParams, answer: DebriefSchema }),
  debriefs: route('GET', '/sessions/:code/debriefs', { answer: v.array(DebriefLinkSchema) }),
  selfAssessment: route('GET', '/sessions/:code/self-assessment', { answer: SelfAssessmentFormSchema }),
  markChecklistItem: route('POST', '/sessions/:code/checklist-marks', { body: ChecklistMarkBody, answer: StationNotedAnswer }),
  revealFact: route('POST', '/sessions/:code/revealed-facts', { body: RevealedFactBody, answer: StationNotedAnswer }),
  /** Issue 33: the host pauses a mock exam's clock, saying why, and resumes it. */
  pauseCircuit: route('POST', '/sessions/:code/circuit/pause', { body: PauseBody, answer: CircuitAnswer }),
  resumeCircuit: route('POST', '/sessions/:code/circuit/resume', { answer: CircuitAnswer }),
  /** Issue 34: recording the room on each person's own device, only with everyone's consent; nothing is uploaded. */
  askToRecord: route('POST', '/sessions/:code/recording', { answer: RecordingAnswer }),
  consentToRecording: route('POST', '/sessions/:code/recording/consent', { answer: RecordingAnswer }),
  stopRecording: route('DELETE', '/sessions/:code/recording', { answer: RecordingAnswer }),
  saveSelfAssessment: route('POST', '/sessions/:code/self-assessment', {
    body: SelfAssessmentBody,
    answer: v.object({ message: v.string(), selfAssessment: ScoredAssessmentSchema }),
  }),
}
