/**
 * The room's buttons and the server's decisions ask one function (capabilities.ts). Here it is held to the
 * decider: in every situation, for every caller and every control, a "no" is exactly the refusal the server gives,
 * and a "yes" is never refused for who the caller is or for the phase.
 */
import t from 'tap'
import { capabilitiesOf, CONTROLS, refusalOf, standingOf, type Control } from '../../schemas/session/capabilities.ts'
import { SessionRuleError, type Actor, type SessionCommand } from '../../schemas/session/index.ts'
import { ADMIN, DEFAULT_CONFIG, feedback, HOST, inConsultation, inFeedback, inReading, OBSERVER, PATIENT, roomOfThree, STRANGER, type Session } from './fixtures.ts'

const COMMAND: Record<Control, SessionCommand> = {
  Configure: { type: 'Configure', config: DEFAULT_CONFIG },
  Start: { type: 'Start' },
  SkipPhase: { type: 'SkipPhase' },
  NewCase: { type: 'NewCase' },
  SelectNewTopic: { type: 'SelectNewTopic', topic: 'Neurology' },
  SubmitFeedback: feedback(),
  Complete: { type: 'Complete' },
  End: { type: 'End' },
  MarkChecklistItem: { type: 'MarkChecklistItem', itemId: 'c1', mark: 'DONE' },
  RevealFact: { type: 'RevealFact', factId: 'onset', revealed: true },
  PauseCircuit: { type: 'PauseCircuit', reason: 'A doorbell' },
  ResumeCircuit: { type: 'ResumeCircuit' },
  AskToRecord: { type: 'AskToRecord' },
  ConsentToRecording: { type: 'ConsentToRecording' },
  StopRecording: { type: 'StopRecording' },
}

function nextRoundWaiting(): Session {
  const session = inFeedback().run(feedback({ requestNewCase: true }), PATIENT)
  session.away.add(OBSERVER.userId)
  return session.run(feedback(), OBSERVER)
}

const SITUATIONS: Array<[string, () => Session]> = [
  ['waiting to start', () => roomOfThree()],
  ['waiting for the next round', nextRoundWaiting],
  ['reading', () => inReading()],
  ['reading, a topic to choose', () => inReading().run({ type: 'NewCase' }, HOST).run({ type: 'NewCase' }, HOST)],
  ['consultation', () => inConsultation()],
  ['feedback', () => inFeedback()],
  ['ended', () => inReading().run({ type: 'End' }, HOST)],
]
const CALLERS: Actor[] = [HOST, PATIENT, OBSERVER, STRANGER, ADMIN]

t.test('the situations are the ones named', async (t) => {
  const waiting = nextRoundWaiting().state
  t.same([waiting.phase, waiting.status], ['WAITING', 'IN_PROGRESS'])
  t.equal(SITUATIONS[3][1]().state.topicChoicePending, true)
})

for (const [name, given] of SITUATIONS) {
  t.test(`${name}: every control's "may" is the server's answer`, async (t) => {
    for (const caller of CALLERS) {
      const session = given()
      const standing = standingOf(session.state, caller)
      const can = capabilitiesOf(standing)
      for (const control of CONTROLS) {
        const refusal = refusalOf(standing, control)
        t.equal(can[control], refusal === null)
        let thrown: unknown = null
        try {
          session.when(COMMAND[control], caller)
        } catch (error) {
          thrown = error
        }
        const label = `${control} by ${caller.name}`
        if (refusal) {
          t.ok(thrown instanceof SessionRuleError, `${label}: refused`)
          t.same({ status: (thrown as SessionRuleError).status, reason: (thrown as Error).message }, refusal, `${label}: as the room was told`)
        } else if (thrown) {
          // Allowed to this caller in this phase, yet refused for what it carries or asks (no topic to choose).
          t.ok(thrown instanceof SessionRuleError && (thrown as SessionRuleError).status !== 403, `${label}: not refused for who asks (${(thrown as Error).message})`)
        }
      }
    }
  })
}

t.test('the rules the room used to restate', async (t) => {
  const reading = inReading().state
  t.equal(capabilitiesOf(standingOf(reading, ADMIN)).SkipPhase, true, 'an admin may skip, and now the room knows it')
  t.equal(capabilitiesOf(standingOf(reading, ADMIN)).NewCase, false, 'but not change the case')
  t.equal(capabilitiesOf(standingOf(reading, PATIENT)).SkipPhase, false)
  t.equal(capabilitiesOf(standingOf(inFeedback().state, PATIENT)).SubmitFeedback, true)
  t.equal(capabilitiesOf(standingOf(inConsultation().state, PATIENT)).SubmitFeedback, false, 'submitted only in feedback')
  t.equal(capabilitiesOf(standingOf(inFeedback().state, HOST)).SubmitFeedback, false, 'the doctor gives none')
  const waiting = nextRoundWaiting().state
  t.equal(capabilitiesOf(standingOf(waiting, HOST)).Configure, false, 'a next round is not reconfigured')
  t.equal(capabilitiesOf(standingOf(roomOfThree().state, HOST)).Configure, true)
})
