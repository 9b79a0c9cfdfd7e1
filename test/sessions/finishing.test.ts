import t from 'tap'
import { databaseKind } from '../helpers/db.ts'
import { testApp } from '../helpers/app.ts'
import { as, readyRoom, scores, seedBank, type User } from './helpers.ts'

const app = await testApp()
t.teardown(() => app.close())
// Plenty of cases left in the topic: finishing must end the session anyway.
await seedBank(app.database.db, { Cardiology: 5 })

/** A room of three in the feedback phase of round 1. */
async function inFeedback() {
  const room = await readyRoom(app)
  await as(app, room.doctor).post(`/sessions/${room.code}/start`)
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'READING' })
  await as(app, room.doctor).post(`/sessions/${room.code}/skip-phase`, { phase: 'CONSULTATION' })
  return room
}

const close = (user: User, code: string) => as(app, user).post('/feedback/submit', { sessionCode: code, comment: '', criteriaScores: scores(), requestNewCase: false })

async function activeCodes(user: User): Promise<string[]> {
  const response = await as(app, user).get('/sessions/user/active')
  return response.json.map((session: { code: string }) => session.code)
}

t.test(`Complete Session, then both Submit Feedback & Close: the session ends and leaves every Active Sessions list (${databaseKind()})`, async (t) => {
  const room = await inFeedback()
  const everyone = { doctor: room.doctor, patient: room.patient, observer: room.observer }
  for (const [seat, user] of Object.entries(everyone)) t.ok((await activeCodes(user)).includes(room.code), `the ${seat} has it while it runs`)

  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/complete`)).status, 200)
  t.equal((await close(room.observer, room.code)).status, 200)
  const last = await close(room.patient, room.code)
  t.equal(last.status, 200)
  t.notOk(last.json.newCaseStarted, 'no next case')

  t.match((await as(app, room.doctor).get(`/sessions/${room.code}`)).json, { status: 'COMPLETED', phase: 'COMPLETED', currentRound: 1 })
  for (const [seat, user] of Object.entries(everyone)) t.notOk((await activeCodes(user)).includes(room.code), `gone from the ${seat}'s list`)
})

t.test('patient and observer close while the doctor stays: nothing starts, and the doctor completing ends it', async (t) => {
  const room = await inFeedback()
  await close(room.observer, room.code)
  await close(room.patient, room.code)
  t.match((await as(app, room.doctor).get(`/sessions/${room.code}`)).json, { status: 'IN_PROGRESS', phase: 'FEEDBACK', currentRound: 1 })
  t.ok((await activeCodes(room.doctor)).includes(room.code), 'the doctor can come back to it')

  t.equal((await as(app, room.doctor).post(`/sessions/${room.code}/complete`)).status, 200)
  t.match((await as(app, room.doctor).get(`/sessions/${room.code}`)).json, { status: 'COMPLETED', phase: 'COMPLETED' })
  for (const [seat, user] of Object.entries({ doctor: room.doctor, patient: room.patient, observer: room.observer })) {
    t.notOk((await activeCodes(user)).includes(room.code), `gone from the ${seat}'s list`)
  }
})

t.test("the patient's Submit & New Case still opens the next round while the doctor is there", async (t) => {
  const room = await inFeedback()
  await close(room.observer, room.code)
  const asked = await as(app, room.patient).post('/feedback/submit', { sessionCode: room.code, comment: '', criteriaScores: scores(), requestNewCase: true })
  t.equal(asked.json.newCaseStarted, true)
  // Nobody has the room open here (no live channel): the next round waits for its seats.
  t.match((await as(app, room.doctor).get(`/sessions/${room.code}`)).json, { status: 'IN_PROGRESS', phase: 'WAITING', currentRound: 2 })
})
