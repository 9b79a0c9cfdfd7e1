import t from 'tap'
import { feedback, HOST, inConsultation, inFeedback, OBSERVER, PATIENT, roomOfThree, T0 } from './fixtures.ts'

const erase = { type: 'Leave', reason: 'ACCOUNT_DELETED' } as const

t.test('a deleted host ends the session they host, in any phase, also after giving up the doctor seat', async (t) => {
  t.same(inConsultation().when(erase, HOST), [
    { type: 'ParticipantLeft', userId: HOST.userId, reason: 'ACCOUNT_DELETED', at: T0 },
    { type: 'SessionEnded', reason: 'Session has been ended by the host.', at: T0 },
  ])
  const handedOver = inFeedback().run(feedback(), OBSERVER).run(feedback({ requestNewCase: true, requestRoleChange: true }), PATIENT)
  t.match(handedOver.state.participants.find((p) => p.userId === HOST.userId), { role: 'PATIENT' })
  t.same(handedOver.when(erase, HOST).map((e) => e.type), ['ParticipantLeft', 'SessionEnded'])
})

t.test('a deleted participant leaves and is named "Former user"; the room goes on when it can', async (t) => {
  const session = inConsultation().run(erase, OBSERVER)
  t.match(session.state, { phase: 'CONSULTATION', status: 'IN_PROGRESS' })
  t.match(session.state.participants.find((p) => p.userId === OBSERVER.userId), { name: 'Former user', active: false })
})

t.test('someone who had left already leaves again, so no state keeps their name, and ends nothing', async (t) => {
  const session = roomOfThree().run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  t.same(session.when(erase, OBSERVER), [{ type: 'ParticipantLeft', userId: OBSERVER.userId, reason: 'ACCOUNT_DELETED', at: T0 }])
  t.same(session.when({ type: 'Leave', reason: 'LEFT' }, OBSERVER), [], 'an ordinary second leave is still nothing')
  session.run(erase, OBSERVER)
  t.equal(session.state.status, 'CREATED')
  t.match(session.state.participants.find((p) => p.userId === OBSERVER.userId), { name: 'Former user', active: false })
})
