import t from 'tap'
import type { SessionCommand } from '../../schemas/session/index.ts'
import { planLiveMessages } from '../../server/sessions/fan-out/live-messages.ts'
import { HOST, inConsultation, OBSERVER, PATIENT, roomOfThree, type Session } from '../session-domain/fixtures.ts'

/**
 * What the room hears when an account is deleted (issue 16): a participant still in the room is heard leaving,
 * as any leave is; someone who had left before is only renamed, so the room is not told of a second departure.
 */

const erase: SessionCommand = { type: 'Leave', reason: 'ACCOUNT_DELETED' }

function heardBy(session: Session, command: SessionCommand, actor: typeof OBSERVER, listener: number) {
  const before = session.state
  const events = session.when(command, actor)
  session.events.push(...events)
  const batch = {
    sessionId: before.sessionId,
    events: events.map((event, index) => ({ version: before.version + index + 1, event, actorUserId: actor.userId, recordedAt: new Date(event.at) })),
    before,
    state: session.state,
  }
  const context = { cases: new Map(), isOnline: () => true, now: 0 }
  return planLiveMessages(batch).messages.flatMap((message) => {
    const audience = message.audienceOf(listener)
    return audience ? [message.render(audience, context)] : []
  })
}

t.test('a participant in the room who deletes their account is heard leaving, as "Former user"', async (t) => {
  const heard = heardBy(inConsultation(), erase, OBSERVER, PATIENT.userId)
  t.match(heard.map((m) => m.type), ['USER_LEFT', 'PARTICIPANT_UPDATE'])
  t.match(heard[0], { userId: OBSERVER.userId, userName: 'Former user', userRole: 'observer' })
})

t.test('someone who had already left is not announced as leaving again when their account goes', async (t) => {
  const session = roomOfThree().run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  const heard = heardBy(session, erase, OBSERVER, HOST.userId)
  t.notOk(heard.some((m) => m.type === 'USER_LEFT'), `heard: ${heard.map((m) => m.type).join(', ')}`)
  const names = heard.flatMap((m) => (m.type === 'PARTICIPANT_UPDATE' ? m.participants.map((p) => p.name) : []))
  t.notOk(names.includes(OBSERVER.name), 'no list names them')
})
