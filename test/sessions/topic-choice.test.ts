import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { as, readyRoom, seedBank } from './helpers.ts'

const app = await testApp()
t.teardown(() => app.close())
// One Cardiology case among many others: drawing from every topic would rarely land on it.
await seedBank(app.database.db, { Cardiology: 1, Neurology: 6, Pediatrics: 6 })

t.test(`a spec client that keeps Random beside Cardiology gets Cardiology, every time (${databaseKind()})`, async (t) => {
  for (let n = 0; n < 4; n += 1) {
    const room = await readyRoom(app, { selectedTopics: ['Random', 'Cardiology'] })
    const details = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
    t.equal(details.selectedTopics, JSON.stringify(['Cardiology']), 'stored as the topics it draws from')
    t.equal(details.selectedCase.category.name, 'Cardiology')
  }
})

t.test('Random on its own still draws from every topic', async (t) => {
  const room = await readyRoom(app, { selectedTopics: ['Random'] })
  const details = (await as(app, room.doctor).get(`/sessions/${room.code}`)).json
  t.equal(details.selectedTopics, JSON.stringify(['Random']))
  t.ok(details.selectedCase, 'a case was drawn')
})
