import t from 'tap'
import { drawDescription, type ConfigDraft } from '../../web/session/room/config-form.ts'
import { drawsFromEveryTopic, topicsToDraw, withTopicAdded } from '../../schemas/session/index.ts'
import { created, HOST, PATIENT, topicConfig, T0 } from './fixtures.ts'

t.test('topics to draw: named topics win over Random; Random only on its own', async (t) => {
  t.same(topicsToDraw(['Random', 'Cardiology']), ['Cardiology'], 'what a spec client sends after adding Cardiology')
  t.same(topicsToDraw(['Cardiology', ' Random', 'Neurology', 'Cardiology ']), ['Cardiology', 'Neurology'])
  t.same(topicsToDraw(['Random', 'Random']), ['Random'])
  t.same(topicsToDraw(['', ' ']), [])
  t.ok(drawsFromEveryTopic(['Random']))
  t.notOk(drawsFromEveryTopic(['Random', 'Cardiology']))
  t.notOk(drawsFromEveryTopic([]))
})

t.test('configure screen: adding a topic replaces Random, choosing Random replaces the topics', async (t) => {
  t.same(withTopicAdded(['Random'], 'Cardiology'), ['Cardiology'])
  t.same(withTopicAdded(['Cardiology'], 'Neurology'), ['Cardiology', 'Neurology'])
  t.same(withTopicAdded(['Cardiology', 'Neurology'], 'Random'), ['Random'])
  t.same(withTopicAdded([], 'Random'), ['Random'])
})

t.test('the server stores and draws by the same rule when a client sends Random beside a topic', async (t) => {
  const session = created().run({ type: 'JoinWithRole', role: 'PATIENT' }, PATIENT)
  t.same(session.when({ type: 'Configure', config: topicConfig('Random', 'Respiratory') }, HOST), [
    { type: 'SessionConfigured', config: topicConfig('Respiratory'), at: T0 },
    { type: 'CaseAssigned', caseId: 21, round: 1, at: T0 },
  ])
  t.same(created(topicConfig('Cardiology', 'Random')).state.config.selectedTopics, ['Cardiology'], 'creating follows it too')
})

t.test('the summary says where the cases come from', async (t) => {
  const draft: ConfigDraft = { sessionType: 'TOPIC', topics: ['Random'], recallStartDate: '', recallEndDate: '', readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN', stationTypes: [], mlaAreas: [], circuit: null }
  const day = (iso: string) => `day ${iso}`
  t.equal(drawDescription(draft, day), 'Cases will be drawn from every topic at random')
  t.equal(drawDescription({ ...draft, topics: ['Cardiology'] }, day), 'Cases will be drawn from Cardiology')
  t.equal(drawDescription({ ...draft, topics: ['Cardiology'], stationTypes: ['HISTORY', 'TELEPHONE'] }, day), 'Cases will be drawn from Cardiology, history taking and telephone consultation stations only')
  t.equal(drawDescription({ ...draft, mlaAreas: ['CARDIOVASCULAR', 'RESPIRATORY'] }, day), 'Cases will be drawn from every topic at random, covering Cardiovascular or Respiratory')
  t.equal(drawDescription({ ...draft, topics: ['Cardiology', 'Neurology'] }, day), 'Cases will be drawn from Cardiology and Neurology')
  t.equal(drawDescription({ ...draft, topics: ['Cardiology', 'Neurology', 'Surgery'] }, day), 'Cases will be drawn from Cardiology, Neurology and Surgery')
  t.equal(drawDescription({ ...draft, topics: [] }, day), null)
  const recall = { ...draft, sessionType: 'RECALL' as const, recallStartDate: '2024-01-15', recallEndDate: '2024-03-01' }
  t.equal(drawDescription(recall, day), 'Cases will be drawn from the recall exams of day 2024-01-15 to day 2024-03-01')
  t.equal(drawDescription({ ...recall, recallEndDate: '2024-01-15' }, day), 'Cases will be drawn from the recall exam of day 2024-01-15')
  t.equal(drawDescription({ ...recall, recallEndDate: '' }, day), null)
})
