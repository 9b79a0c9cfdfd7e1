import t from 'tap'
import { phaseDurationSeconds } from '../../schemas/session/index.ts'
import { NO_STATION_OF_TYPE } from '../../schemas/session/decide.ts'
import {
  CATALOG,
  created,
  HOST,
  MINUTE,
  OBSERVER,
  PATIENT,
  recallConfig,
  refused,
  roomOfThree,
  T0,
  topicConfig,
  DEFAULT_CONFIG,
} from './fixtures.ts'

const room = () => created().run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT).run({ type: 'JoinWithRole', role: 'OBSERVER' }, OBSERVER)

t.test('Configure: stores the config and assigns the first case (lowest id for a draw of 0)', async (t) => {
  const session = room()
  t.same(session.when({ type: 'Configure', config: topicConfig('Cardiology') }, HOST), [
    { type: 'SessionConfigured', config: topicConfig('Cardiology'), at: T0 },
    { type: 'CaseAssigned', caseId: 11, round: 1, at: T0 },
  ])
})

t.test('Configure: normalises topics and clears the other session type\'s fields', async (t) => {
  const [topic] = room().when({ type: 'Configure', config: { ...topicConfig(' Cardiology', 'Cardiology', ''), recallStartDate: '2024-01-01', recallEndDate: '2024-02-01' } }, HOST)
  t.match(topic, { config: { selectedTopics: ['Cardiology'], recallStartDate: null, recallEndDate: null } })
  const [recall] = room().when({ type: 'Configure', config: { ...recallConfig('2024-01-01', '2024-12-31'), selectedTopics: ['Cardiology'] } }, HOST)
  t.match(recall, { config: { sessionType: 'RECALL', selectedTopics: [] } })
})

t.test('Configure: keeps the case already chosen while it fits the new settings', async (t) => {
  const session = roomOfThree(topicConfig('Cardiology'))
  t.same(session.when({ type: 'Configure', config: { ...topicConfig('Cardiology', 'Neurology'), readingTime: 5 } }, HOST), [
    { type: 'SessionConfigured', config: { ...topicConfig('Cardiology', 'Neurology'), readingTime: 5 }, at: T0 },
  ])
})

// Issue 30: the settings are saved as the host lists the session and as they change them, before the start.
t.test('Configure: a case that no longer fits goes back unplayed, and one of the new settings is drawn', async (t) => {
  const session = roomOfThree(topicConfig('Cardiology'))
  t.same(session.when({ type: 'Configure', config: topicConfig('Respiratory') }, HOST), [
    { type: 'SessionConfigured', config: topicConfig('Respiratory'), caseReturned: true, at: T0 },
    { type: 'CaseAssigned', caseId: 21, round: 1, at: T0 },
  ])
  session.run({ type: 'Configure', config: topicConfig('Respiratory') }, HOST).run({ type: 'Configure', config: topicConfig('Cardiology') }, HOST)
  t.equal(session.state.caseId, 11, 'the Cardiology case returned is drawn again')
  t.same(session.state.usedCaseIds, [11], 'a returned case was never played')
  session.run({ type: 'Configure', config: recallConfig('2030-01-01', '2030-01-31') }, HOST)
  t.equal(session.state.caseId, null, 'nothing fits: no case until Start finds one')
  refused(t, session, { type: 'Start' }, HOST, 409, "No cases match this session's topics or dates")
})

t.test('Configure: no matching case means no CaseAssigned (Start will refuse)', async (t) => {
  const session = room().run({ type: 'Configure', config: recallConfig('2030-01-01', '2030-01-31') }, HOST)
  t.equal(session.state.caseId, null)
  refused(t, session, { type: 'Start' }, HOST, 409, "No cases match this session's topics or dates")
})

t.test('Configure: host only, before the start, and valid', async (t) => {
  const session = room()
  refused(t, session, { type: 'Configure', config: DEFAULT_CONFIG }, PATIENT, 403, 'Only the host can configure the session')
  refused(t, session, { type: 'Configure', config: topicConfig() }, HOST, 400, 'Please select at least one topic for topic-based practice')
  const noDates = 'Please select a date range for recall practice (both start and end dates are required)'
  refused(t, session, { type: 'Configure', config: { ...recallConfig('2024-01-01', ''), recallEndDate: null } }, HOST, 400, noDates)
  refused(t, session, { type: 'Configure', config: recallConfig('', '2024-01-01') }, HOST, 400, noDates)
  refused(t, session, { type: 'Configure', config: recallConfig('2024-02-01', '2024-01-01') }, HOST, 400, 'The recall start date must not be after the end date')
  refused(t, session, { type: 'Configure', config: recallConfig('01/02/2024', '2024-03-01') }, HOST, 400, 'Recall dates must be in YYYY-MM-DD format')
  refused(t, session, { type: 'Configure', config: { ...DEFAULT_CONFIG, readingTime: 2.5 } }, HOST, 400, 'Reading time must be one of 1, 1.5, 2, 3 or 5 minutes')
  refused(t, session, { type: 'Configure', config: { ...DEFAULT_CONFIG, consultationTime: 9 } }, HOST, 400, 'Consultation time must be one of 5, 7, 7.5, 8, 10, 12 or 15 minutes')
  session.run({ type: 'Configure', config: DEFAULT_CONFIG }, HOST).run({ type: 'Start' }, HOST)
  refused(t, session, { type: 'Configure', config: DEFAULT_CONFIG }, HOST, 409, 'The session can only be configured before it starts')
})

t.test('phaseDurationSeconds: minutes of the config in seconds; feedback has its fixed timeout', async (t) => {
  const config = { ...DEFAULT_CONFIG, readingTime: 1.5, consultationTime: 7.5 }
  t.same(
    (['WAITING', 'READING', 'CONSULTATION', 'FEEDBACK', 'COMPLETED'] as const).map((phase) => phaseDurationSeconds(config, phase)),
    [0, 90, 450, 1200, 0],
  )
})

t.test('Start: reading begins now with the configured reading time', async (t) => {
  const session = roomOfThree({ ...topicConfig('Cardiology'), readingTime: 1.5 })
  t.same(session.when({ type: 'Start' }, HOST), [{ type: 'PhaseStarted', phase: 'READING', startTimestamp: T0, durationSeconds: 90, at: T0 }])
  session.run({ type: 'Start' }, HOST)
  t.match(session.state, { status: 'IN_PROGRESS', phase: 'READING', caseId: 11, timer: { phase: 'READING', startTimestamp: T0, durationSeconds: 90 } })
})

t.test('Start: chooses a case now when configure found none or never ran', async (t) => {
  const session = room().after(MINUTE)
  t.same(session.when({ type: 'Start' }, HOST), [
    { type: 'CaseAssigned', caseId: 11, round: 1, at: T0 + MINUTE },
    { type: 'PhaseStarted', phase: 'READING', startTimestamp: T0 + MINUTE, durationSeconds: 120, at: T0 + MINUTE },
  ])
  const growingBank = room()
  growingBank.catalog = []
  growingBank.run({ type: 'Configure', config: recallConfig('2023-12-31', '2023-12-31') }, HOST)
  t.equal(growingBank.state.caseId, null)
  growingBank.catalog = CATALOG
  t.match(growingBank.when({ type: 'Start' }, HOST), [{ type: 'CaseAssigned', caseId: 31 }, { type: 'PhaseStarted', phase: 'READING' }], 'a case added since configure is found')
})

t.test('Start: host only, once', async (t) => {
  const session = roomOfThree()
  refused(t, session, { type: 'Start' }, PATIENT, 403, 'Only the host can start the session')
  session.run({ type: 'Start' }, HOST)
  refused(t, session, { type: 'Start' }, HOST, 409, 'The session has already started')
})

t.test('any command but leave on an ended session: 409', async (t) => {
  const session = roomOfThree().run({ type: 'End' }, HOST)
  for (const command of [{ type: 'Start' }, { type: 'SkipPhase' }, { type: 'NewCase' }, { type: 'Complete' }, { type: 'End' }] as const) {
    refused(t, session, command, HOST, 409, 'This session has ended')
  }
  t.same(session.when({ type: 'Leave', reason: 'LEFT' }, PATIENT), [])
})

t.test('Configure: station types that leave nothing to play are refused, naming why', async (t) => {
  const session = roomOfThree()
  session.catalog = CATALOG.map((c) => ({ ...c, stationType: c.id === 31 ? ('TELEPHONE' as const) : null }))
  refused(t, session, { type: 'Configure', config: { ...DEFAULT_CONFIG, selectedTopics: ['Cardiology'], stationTypes: ['TELEPHONE'] } }, HOST, 400, NO_STATION_OF_TYPE)
  const [configured, assigned] = session.when({ type: 'Configure', config: { ...DEFAULT_CONFIG, selectedTopics: ['Neurology'], stationTypes: ['TELEPHONE'] } }, HOST)
  t.match(configured, { type: 'SessionConfigured', config: { stationTypes: ['TELEPHONE'] } })
  t.match(assigned, { type: 'CaseAssigned', caseId: 31 })
})
