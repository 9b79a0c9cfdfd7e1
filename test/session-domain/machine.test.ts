/**
 * The session machine is the one definition of the phases' legal moves: each phase state lists the commands it
 * accepts, and the decider refuses (409) every command the session's current state does not accept.
 */
import t from 'tap'
import {
  phaseAccepts,
  standingOf,
  sessionMachine,
  stateOfPhase,
  type Actor,
  type CommandType,
  type SessionCommand,
} from '../../schemas/session/index.ts'
import { DEFAULT_CONFIG, feedback, HOST, inConsultation, inFeedback, inReading, OBSERVER, PATIENT, roomOfThree, SECOND_OBSERVER, T0, type Session } from './fixtures.ts'

/** One command of every type, each from someone the role rules let through (the host is the doctor). */
const ATTEMPTS: [SessionCommand, Actor][] = [
  [{ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER],
  [{ type: 'Leave', reason: 'LEFT' }, OBSERVER],
  [{ type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 }, HOST],
  [{ type: 'End' }, HOST],
  [{ type: 'AskToRecord' }, PATIENT],
  [{ type: 'ConsentToRecording' }, OBSERVER],
  [{ type: 'StopRecording' }, OBSERVER],
  [{ type: 'Configure', config: DEFAULT_CONFIG }, HOST],
  [{ type: 'Start' }, HOST],
  [{ type: 'SkipPhase' }, HOST],
  [{ type: 'NewCase' }, HOST],
  [{ type: 'SelectNewTopic', topic: 'Neurology' }, HOST],
  [feedback(), PATIENT],
  [{ type: 'Complete' }, HOST],
  [{ type: 'Complete' }, PATIENT],
  [{ type: 'MarkChecklistItem', itemId: 'c1', mark: 'DONE' }, OBSERVER],
  [{ type: 'RevealFact', factId: 'onset', revealed: true }, PATIENT],
  [{ type: 'PauseCircuit', reason: 'Doorbell' }, HOST],
  [{ type: 'ResumeCircuit' }, HOST],
]

const PHASES: [string, () => Session][] = [
  ['waiting', () => roomOfThree()],
  ['reading', () => inReading()],
  ['consultation', () => inConsultation()],
  ['feedback', () => inFeedback()],
  ['completed', () => inReading().run({ type: 'End' }, HOST)],
]

const attemptName = ([command, actor]: [SessionCommand, Actor]) => `${command.type} by ${actor.name}`

/** What each phase accepts, as the machine's states list it: the table a reader checks the rules against. */
const EXPECTED: Record<string, string[]> = {
  waiting: ['JoinWithRole', 'Leave', 'ExpireTimer', 'End', 'AskToRecord', 'ConsentToRecording', 'StopRecording', 'Configure', 'Start', 'NewCase', 'SelectNewTopic', 'Complete by Hana Host'],
  reading: ['JoinWithRole', 'Leave', 'ExpireTimer', 'End', 'AskToRecord', 'ConsentToRecording', 'StopRecording', 'SkipPhase', 'NewCase', 'SelectNewTopic', 'Complete by Hana Host'],
  consultation: ['JoinWithRole', 'Leave', 'ExpireTimer', 'End', 'AskToRecord', 'ConsentToRecording', 'StopRecording', 'SkipPhase', 'Complete by Hana Host', 'MarkChecklistItem', 'RevealFact'],
  feedback: ['JoinWithRole', 'Leave', 'ExpireTimer', 'End', 'AskToRecord', 'ConsentToRecording', 'StopRecording', 'SubmitFeedback', 'Complete by Hana Host', 'Complete by Pia Patient', 'MarkChecklistItem'],
  completed: ['Leave', 'ExpireTimer'],
}

for (const [name, given] of PHASES) {
  t.test(`the ${name} state accepts its commands and the decider refuses the others`, async (t) => {
    const session = given()
    const { state } = session
    t.equal(stateOfPhase(state), name)
    const accepted = ATTEMPTS.filter(([command, actor]) => phaseAccepts(standingOf(state, actor), command.type))
    const label = (attempt: [SessionCommand, Actor]) => (attempt[0].type === 'Complete' ? attemptName(attempt) : attempt[0].type)
    t.same(accepted.map(label), EXPECTED[name])
    for (const attempt of ATTEMPTS.filter((attempt) => !accepted.includes(attempt))) {
      const [command, actor] = attempt
      t.throws(() => session.when(command, actor), { name: 'SessionRuleError', status: 409 }, `${attemptName(attempt)} is refused`)
    }
  })
}

t.test('a topic choice left open when the reading clock ran out is still accepted in the consultation', async (t) => {
  const session = inReading().run({ type: 'NewCase' }, HOST).run({ type: 'NewCase' }, HOST)
  t.equal(session.state.topicChoicePending, true)
  const consultation = session.after(3 * 60_000).run({ type: 'ExpireTimer', phase: 'READING', startTimestamp: T0 }, HOST)
  t.equal(consultation.state.phase, 'CONSULTATION')
  t.ok(phaseAccepts(standingOf(consultation.state, HOST), 'SelectNewTopic'))
  t.notOk(phaseAccepts(standingOf(inConsultation().state, HOST), 'SelectNewTopic'))
})

t.test('every state of the machine lists what it accepts, and only commands', async (t) => {
  const commandTypes = new Set<CommandType>(ATTEMPTS.map(([command]) => command.type))
  for (const [name, node] of Object.entries(sessionMachine.root.states)) {
    const accepts = (node.meta as { accepts?: unknown[] } | undefined)?.accepts
    t.ok(Array.isArray(accepts) && accepts.length > 0, `${name} lists its commands`)
    for (const entry of accepts ?? []) {
      const type = typeof entry === 'string' ? entry : (entry as { command: CommandType }).command
      t.ok(commandTypes.has(type as CommandType), `${name} accepts ${type}, a command`)
    }
  }
})
