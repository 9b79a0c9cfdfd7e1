/**
 * Recording a room only with everyone's consent (issue 34): asking is consenting, it runs once everyone in the room
 * has consented, a newcomer stops it until they accept, anyone's stop ends it for all, and the log says who did what.
 */
import t from 'tap'
import { ALREADY_ASKED, NOT_ASKED, recordingView } from '../../schemas/session/recording-consent.ts'
import { HOST, inConsultation, inReading, OBSERVER, PATIENT, refused, SECOND_OBSERVER, STRANGER } from './fixtures.ts'
import { ACCESS_DENIED } from '../../schemas/session/participants.ts'
import { SESSION_ENDED } from '../../schemas/session/machine.ts'

const ids = (view: ReturnType<typeof recordingView>) => view && { consented: view.consented, waitingFor: view.waitingFor.map((p) => p.userId), running: view.running }

t.test('recording starts only when all three have accepted, and stops for all at one stop', async (t) => {
  const session = inConsultation().run({ type: 'AskToRecord' }, PATIENT)
  t.same(ids(recordingView(session.state)), { consented: [PATIENT.userId], waitingFor: [HOST.userId, OBSERVER.userId], running: false }, 'asking is consenting')
  t.equal(recordingView(session.state)?.askedByName, PATIENT.name)
  refused(t, session, { type: 'AskToRecord' }, HOST, 409, ALREADY_ASKED)
  session.run({ type: 'ConsentToRecording' }, HOST)
  t.equal(recordingView(session.state)?.running, false, 'not with one still to accept')
  t.same(session.when({ type: 'ConsentToRecording' }, HOST), [], 'accepting twice changes nothing')
  session.run({ type: 'ConsentToRecording' }, OBSERVER)
  t.same(ids(recordingView(session.state)), { consented: [PATIENT.userId, HOST.userId, OBSERVER.userId], waitingFor: [], running: true })

  session.run({ type: 'StopRecording' }, OBSERVER)
  t.equal(recordingView(session.state), null, "one person's stop ends it for everyone")
  t.same(session.when({ type: 'StopRecording' }, HOST), [], 'a second stop changes nothing')
  refused(t, session, { type: 'ConsentToRecording' }, HOST, 409, NOT_ASKED)
  t.same(
    session.events.filter((e) => e.type.startsWith('Recording')).map((e) => [e.type, 'userId' in e ? e.userId : null]),
    [
      ['RecordingAsked', PATIENT.userId],
      ['RecordingConsented', HOST.userId],
      ['RecordingConsented', OBSERVER.userId],
      ['RecordingStopped', OBSERVER.userId],
    ],
    'the log keeps who asked, who accepted and who stopped',
  )
})

t.test('someone who joins stops the recording until they accept; someone who leaves takes their consent', async (t) => {
  const session = inReading().run({ type: 'AskToRecord' }, HOST).run({ type: 'ConsentToRecording' }, PATIENT).run({ type: 'ConsentToRecording' }, OBSERVER)
  t.equal(recordingView(session.state)?.running, true)
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, SECOND_OBSERVER)
  t.same(ids(recordingView(session.state))?.waitingFor, [SECOND_OBSERVER.userId], 'the newcomer is asked')
  t.equal(recordingView(session.state)?.running, false)
  session.run({ type: 'Leave', reason: 'LEFT' }, SECOND_OBSERVER)
  t.equal(recordingView(session.state)?.running, true, 'with them gone, everyone in the room has consented again')
  session.run({ type: 'Leave', reason: 'LEFT' }, OBSERVER)
  t.notOk(recordingView(session.state)?.consented.includes(OBSERVER.userId), 'the leaver took their consent')
  session.run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)
  t.equal(recordingView(session.state)?.running, false, 'and is asked again on return')
})

t.test('only people in the room have a say, and none once the session is over', async (t) => {
  const session = inConsultation()
  refused(t, session, { type: 'AskToRecord' }, STRANGER, 403, ACCESS_DENIED)
  session.run({ type: 'AskToRecord' }, HOST)
  refused(t, session, { type: 'StopRecording' }, STRANGER, 403, ACCESS_DENIED)
  session.run({ type: 'End' }, HOST)
  t.equal(recordingView(session.state), null, 'the end stops it')
  refused(t, session, { type: 'AskToRecord' }, HOST, 409, SESSION_ENDED)
})
