import t from 'tap'
import { MAX_ACTIVE_PARTICIPANTS, type SessionCommand } from '../../schemas/session/index.ts'
import { created, DEFAULT_CONFIG, HOST, OBSERVER, PATIENT, refused, SECOND_OBSERVER, Session, STRANGER, T0 } from './fixtures.ts'

t.test('Create: the session and its host in the doctor seat, with the command config', async (t) => {
  const session = new Session()
  const events = session.when({ type: 'Create', sessionId: 5, code: 'K7MQ-2XD9', title: 'Tuesday practice', config: DEFAULT_CONFIG }, HOST)
  t.same(events, [
    { type: 'SessionCreated', sessionId: 5, code: 'K7MQ-2XD9', title: 'Tuesday practice', hostUserId: 1, hostName: 'Hana Host', config: DEFAULT_CONFIG, at: T0 },
    { type: 'ParticipantJoined', userId: 1, name: 'Hana Host', role: 'DOCTOR', at: T0 },
  ])
  session.events.push(...events)
  t.match(session.state, { status: 'CREATED', phase: 'WAITING', currentRound: 1, caseId: null, hostUserId: 1, timer: null, version: 2 })
})

t.test('Create: refused for an existing session or a reading time no client offers', async (t) => {
  refused(t, created(), { type: 'Create', sessionId: 5, code: 'X', title: 'again', config: DEFAULT_CONFIG }, HOST, 409, 'This session already exists')
  refused(t, new Session(), { type: 'Create', sessionId: 6, code: 'Y', title: 't', config: { ...DEFAULT_CONFIG, readingTime: 4 } }, HOST, 400, 'Reading time must be one of 1, 1.5, 2, 3 or 5 minutes')
  refused(t, new Session(), { type: 'Start' }, HOST, 404, 'Session not found')
})

t.test('JoinWithRole: patient once, observers many', async (t) => {
  const session = created()
  t.same(session.when({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT), [{ type: 'ParticipantJoined', userId: 2, name: 'Pia Patient', role: 'PATIENT', at: T0 }])
  session.run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
  refused(t, session, { type: 'JoinWithRole', role: 'PATIENT' }, OBSERVER, 409, 'This role has already been taken')
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER).run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER)
  t.same(session.state.participants.map((p) => [p.userId, p.role, p.active]), [[1, 'DOCTOR', true], [2, 'PATIENT', true], [3, 'OBSERVER', true], [4, 'OBSERVER', true]])
})

t.test('JoinWithRole: the doctor seat is the host\'s only', async (t) => {
  refused(t, created(), { type: 'JoinWithRole', role: 'DOCTOR' }, PATIENT, 403, 'Only the host can join as the doctor')
  t.same(created().when({ type: 'JoinWithRole', role: 'DOCTOR' }, HOST), [], 'the host is already the doctor: nothing to store')
})

t.test('JoinWithRole: idempotent for the same role, refused for another', async (t) => {
  const session = created().run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
  t.same(session.when({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT), [])
  refused(t, session, { type: 'JoinWithRole', role: 'OBSERVER' }, PATIENT, 409, 'You are already in this session as the patient')
  refused(t, session, { type: 'JoinWithRole', role: 'PATIENT' }, HOST, 409, 'You are already in this session as the doctor')
})

t.test('JoinWithRole: a participant who left comes back, in any free role', async (t) => {
  const session = created()
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
    .run({ type: 'Leave', reason: 'LEFT' }, PATIENT)
  t.equal(session.state.participants.find((p) => p.userId === 2)?.active, false)
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, PATIENT)
  t.match(session.state.participants.find((p) => p.userId === 2), { role: 'OBSERVER', active: true })
  t.equal(session.state.participants.length, 3, 'the record is reused, not duplicated')
})

t.test(`JoinWithRole: at most ${MAX_ACTIVE_PARTICIPANTS} people in the room`, async (t) => {
  const session = created()
  for (let userId = 10; userId < 10 + MAX_ACTIVE_PARTICIPANTS - 1; userId++) {
    session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, { userId, name: `Observer ${userId}`, isAdmin: false })
  }
  refused(t, session, { type: 'JoinWithRole', role: 'OBSERVER' }, STRANGER, 409, 'Invalid session code or session is full')
  session.run({ type: 'Leave', reason: 'LEFT' }, { userId: 10, name: 'Observer 10', isAdmin: false })
  t.equal(session.when({ type: 'JoinWithRole', role: 'OBSERVER' }, STRANGER).length, 1, 'a free seat again once someone leaves')
})

t.test('JoinWithRole: not into an ended session, not even the host', async (t) => {
  const session = created().run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT).run({ type: 'End' }, HOST)
  refused(t, session, { type: 'JoinWithRole', role: 'OBSERVER' }, STRANGER, 409, 'This session has ended')
  refused(t, session, { type: 'JoinWithRole', role: 'DOCTOR' }, HOST, 409, 'This session has ended')
})

t.test('non-participants are refused every command but join and leave', async (t) => {
  const session = created().run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
  const denied = "Access denied. You don't have permission to access this session."
  const commands: SessionCommand[] = [
    { type: 'Configure', config: DEFAULT_CONFIG },
    { type: 'Start' },
    { type: 'SkipPhase' },
    { type: 'NewCase' },
    { type: 'SelectNewTopic', topic: 'Respiratory' },
    { type: 'SubmitFeedback', comment: '', criteriaScores: [], requestNewCase: false, requestRoleChange: false, requestSeatRotation: false },
    { type: 'Complete' },
    { type: 'End' },
  ]
  for (const command of commands) {
    refused(t, session, command, STRANGER, 403, denied)
  }
  t.same(session.when({ type: 'Leave', reason: 'LEFT' }, STRANGER), [], 'leaving a session one is not in stores nothing')
})

t.test('a participant who left is no longer a participant', async (t) => {
  const session = created()
    .run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
    .run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
    .run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  refused(t, session, { type: 'Complete' }, OBSERVER, 403, "Access denied. You don't have permission to access this session.")
  t.same(session.when({ type: 'Leave', reason: 'LEFT' }, OBSERVER), [], 'leaving twice stores nothing')
})
