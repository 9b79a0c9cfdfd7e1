/**
 * A small case bank, three people and a session builder for given/when/then tests of the session decider.
 * `Session.run` decides and stores (building the "given"); `Session.when` decides without storing.
 */
import type { Test } from 'tap'
import {
  decide,
  evolve,
  SessionRuleError,
  type Actor,
  type CaseSummary,
  type CriterionScore,
  type CriterionShape,
  type DecisionContext,
  type SessionCommand,
  type SessionConfig,
  type SessionEvent,
  type SessionState,
} from '../../schemas/session/index.ts'

export const HOST: Actor = { userId: 1, name: 'Hana Host', isAdmin: false }
export const PATIENT: Actor = { userId: 2, name: 'Pia Patient', isAdmin: false }
export const OBSERVER: Actor = { userId: 3, name: 'Olu Observer', isAdmin: false }
export const SECOND_OBSERVER: Actor = { userId: 4, name: 'Oona Observer', isAdmin: false }
export const STRANGER: Actor = { userId: 9, name: 'Sam Stranger', isAdmin: false }
export const ADMIN: Actor = { userId: 99, name: 'Ada Admin', isAdmin: true }

export const T0 = 1_750_000_000_000
export const MINUTE = 60_000

/** Ids are out of order on purpose: the random pick must sort them. */
export const CATALOG: CaseSummary[] = [
  { id: 12, categoryName: 'Cardiology', recallDates: ['2024-03-01'] },
  { id: 11, categoryName: 'Cardiology', recallDates: ['2024-01-15'] },
  { id: 21, categoryName: 'Respiratory', recallDates: ['2024-05-01', '2024-06-01'] },
  { id: 22, categoryName: 'Respiratory', recallDates: [] },
  { id: 31, categoryName: 'Neurology', recallDates: ['2023-12-31'] },
]
/** Dermatology has no case at all; it must never be offered. */
export const CATEGORY_NAMES = ['Cardiology', 'Respiratory', 'Neurology', 'Dermatology']

export const CRITERIA: CriterionShape[] = [
  { id: 'c1', name: 'Data gathering', domain: 'DATA_GATHERING', subCriteria: [] },
  { id: 'c2', name: 'Management', domain: 'CLINICAL_MANAGEMENT', subCriteria: [{ id: 's1', name: 'Plan' }, { id: 's2', name: 'Safety net' }] },
]

/** The current case's station: what marks and revealed facts may name. */
export const STATION = { checklistIds: ['c1', 'c2'], factIds: ['onset', 'smoking'] }

export const DEFAULT_CONFIG: SessionConfig = {
  sessionType: 'TOPIC',
  selectedTopics: ['Random'],
  recallStartDate: null,
  recallEndDate: null,
  readingTime: 2,
  consultationTime: 8,
  timingType: 'COUNTDOWN',
}

export function topicConfig(...selectedTopics: string[]): SessionConfig {
  return { ...DEFAULT_CONFIG, selectedTopics }
}

export function recallConfig(recallStartDate: string, recallEndDate: string): SessionConfig {
  return { ...DEFAULT_CONFIG, sessionType: 'RECALL', selectedTopics: [], recallStartDate, recallEndDate }
}

/** A complete, valid form for CRITERIA: c1 scored 3, c2 through its sub-criteria 2 and 4. */
export function scores(direct = 3, plan = 2, safetyNet = 4): CriterionScore[] {
  return [
    { criterionId: 'c1', criterionName: 'Data gathering', score: direct, subScores: [] },
    {
      criterionId: 'c2',
      criterionName: 'Management',
      score: null,
      subScores: [
        { subCriterionId: 's1', subCriterionName: 'Plan', score: plan },
        { subCriterionId: 's2', subCriterionName: 'Safety net', score: safetyNet },
      ],
    },
  ]
}

/** The scores as the event stores them: each criterion carries the case's domain. */
export const storedScores = (...args: Parameters<typeof scores>): CriterionScore[] =>
  scores(...args).map((score) => ({ ...score, domain: CRITERIA.find((criterion) => criterion.id === score.criterionId)?.domain ?? null }))

export function feedback(over: Partial<Extract<SessionCommand, { type: 'SubmitFeedback' }>> = {}): SessionCommand {
  return { type: 'SubmitFeedback', comment: 'Good rapport', criteriaScores: scores(), requestNewCase: false, requestRoleChange: false, requestSeatRotation: false, ...over }
}

export class Session {
  readonly events: SessionEvent[] = []
  now = T0
  /** Fixed draws make the "random" case predictable: 0 always picks the lowest unused id. */
  draw = 0
  catalog = CATALOG
  /** Who does not have the room open (live presence); everyone else does. */
  readonly away = new Set<number>()

  get state(): SessionState {
    const state = this.events.reduce<SessionState | null>(evolve, null)
    if (!state) throw new Error('no session yet')
    return state
  }

  context(): DecisionContext {
    return { now: this.now, random: () => this.draw, catalog: this.catalog, categoryNames: CATEGORY_NAMES, currentCriteria: CRITERIA, currentStation: STATION, inRoom: (userId) => !this.away.has(userId) }
  }

  /** Decides without storing: the "when" of a test. */
  when(command: SessionCommand, actor: Actor): SessionEvent[] {
    return decide(this.events.length ? this.state : null, command, actor, this.context())
  }

  /** Decides and stores: builds the "given". */
  run(command: SessionCommand, actor: Actor): this {
    this.events.push(...this.when(command, actor))
    return this
  }

  after(ms: number): this {
    this.now += ms
    return this
  }
}

export function created(config: SessionConfig = DEFAULT_CONFIG): Session {
  return new Session().run({ type: 'Create', sessionId: 5, code: 'K7MQ-2XD9', title: 'Tuesday practice', config }, HOST)
}

/** Host as doctor, a patient and an observer, configured for the given topics, still waiting. */
export function roomOfThree(config: SessionConfig = topicConfig('Cardiology')): Session {
  return created()
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
    .run({ type: 'Configure', config }, HOST)
}

export function inReading(config?: SessionConfig): Session {
  return roomOfThree(config).run({ type: 'Start' }, HOST)
}

export function inConsultation(config?: SessionConfig): Session {
  return inReading(config).run({ type: 'SkipPhase' }, HOST)
}

export function inFeedback(config?: SessionConfig): Session {
  return inConsultation(config).run({ type: 'SkipPhase' }, HOST)
}

/** Then: the command is refused with exactly this status and message. */
export function refused(t: Test, session: Session, command: SessionCommand, actor: Actor, status: number, message: string): void {
  try {
    session.when(command, actor)
    t.fail(`${command.type} by ${actor.name} should have been refused`)
  } catch (error) {
    t.ok(error instanceof SessionRuleError, `${command.type}: a SessionRuleError`)
    t.same({ status: (error as SessionRuleError).status, message: (error as Error).message }, { status, message })
  }
}
