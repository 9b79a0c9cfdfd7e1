import t from 'tap'
import { feedback, HOST, inConsultation, inFeedback, OBSERVER, PATIENT, roomOfThree, T0 } from './fixtures.ts'

// An admin's suspension (issue 36) takes the account out of its running sessions with the Leave reason SUSPENDED.
const suspended = { type: 'Leave', reason: 'SUSPENDED' } as const

t.test('a suspended host ends the session they host, also after giving up the doctor seat, and keeps their name', async (t) => {
  t.same(inConsultation().when(suspended, HOST), [
    { type: 'ParticipantLeft', userId: HOST.userId, reason: 'SUSPENDED', at: T0 },
    { type: 'SessionEnded', reason: 'Session has been ended by the host.', at: T0 },
  ])
  const handedOver = inFeedback().run(feedback(), OBSERVER).run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  t.match(handedOver.state.participants.find((p) => p.userId === HOST.userId), { role: 'PATIENT' })
  t.same(handedOver.when({ type: 'Leave', reason: 'LEFT' }, HOST).map((e) => e.type), ['ParticipantLeft'], 'an ordinary leave from the patient seat ends nothing')
  handedOver.run(suspended, HOST)
  t.match(handedOver.state, { status: 'COMPLETED' })
  t.match(handedOver.state.participants.find((p) => p.userId === HOST.userId), { name: HOST.name, active: false })
})

t.test('a suspended host who had left already still ends the session', async (t) => {
  const session = roomOfThree().run({ type: 'Leave', reason: 'LEFT' }, PATIENT)
  const handedOver = inFeedback().run(feedback(), OBSERVER).run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT).run({ type: 'Leave', reason: 'LEFT' }, HOST)
  t.match(handedOver.state, { status: 'IN_PROGRESS' }, 'the room went on after its host left')
  t.same(handedOver.when(suspended, HOST).map((e) => e.type), ['ParticipantLeft', 'SessionEnded'])
  t.same(session.when(suspended, PATIENT), [], 'a guest who had left: nothing to do')
})

t.test('a suspended guest leaves; the room goes on when it can', async (t) => {
  const session = inConsultation().run(suspended, OBSERVER)
  t.match(session.state, { phase: 'CONSULTATION', status: 'IN_PROGRESS' })
  t.match(session.state.participants.find((p) => p.userId === OBSERVER.userId), { name: OBSERVER.name, active: false })
})
