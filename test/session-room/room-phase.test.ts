import t from 'tap'
import { INITIAL_PHASE, needsReread, phaseAfter } from '../../web/session/room/room-phase.ts'

t.test("the server's snapshot and live messages set the phase the room shows", async (t) => {
  t.equal(phaseAfter(INITIAL_PHASE, { type: 'SNAPSHOT', phase: 'CONSULTATION' }), 'CONSULTATION', 'a read is taken as it is')
  t.equal(phaseAfter('READING', { type: 'PHASE_CHANGE', phase: 'CONSULTATION' }), 'CONSULTATION')
  t.equal(phaseAfter('READING', { type: 'PHASE_CHANGE', phase: 'READING' }), 'READING', 'a new case restarts reading')
  t.equal(phaseAfter('FEEDBACK', { type: 'SESSION_UPDATE', phase: 'READING' }), 'READING', 'a new round reads again')
  t.equal(phaseAfter('FEEDBACK', { type: 'SESSION_UPDATE', phase: 'WAITING' }), 'WAITING', 'or waits for its seats')
  t.equal(phaseAfter('CONSULTATION', { type: 'SESSION_UPDATE', phase: 'COMPLETED' }), 'COMPLETED', 'the end, from any phase in play')
})

t.test('news of a phase the machine cannot reach is not shown: the room reads the session again', async (t) => {
  for (const [from, to] of [
    ['COMPLETED', 'READING'],
    ['WAITING', 'FEEDBACK'],
    ['FEEDBACK', 'CONSULTATION'],
    ['WAITING', 'CONSULTATION'],
  ] as const) {
    for (const type of ['PHASE_CHANGE', 'SESSION_UPDATE'] as const) {
      t.equal(phaseAfter(from, { type, phase: to }), from, `${type} ${from} -> ${to} keeps ${from}`)
      t.ok(needsReread(from, { type, phase: to }), `${type} ${from} -> ${to} asks for a read`)
    }
  }
  t.notOk(needsReread('READING', { type: 'PHASE_CHANGE', phase: 'CONSULTATION' }), 'a legal move needs no read')
  t.notOk(needsReread('FEEDBACK', { type: 'SESSION_UPDATE', phase: 'FEEDBACK' }), 'nor news of the phase as it is')
  t.notOk(needsReread('FEEDBACK', { type: 'PHASE_CHANGE', phase: 'FEEDBACK' }), 'nor the echo of the end the room made ahead')
  t.notOk(needsReread('WAITING', { type: 'SNAPSHOT', phase: 'FEEDBACK' }), 'a read is the truth')
})

t.test("the doctor's accepted end of the consultation moves only a consultation on", async (t) => {
  t.equal(phaseAfter('CONSULTATION', { type: 'CONSULTATION_ENDED' }), 'FEEDBACK')
  t.equal(phaseAfter('READING', { type: 'CONSULTATION_ENDED' }), 'READING')
  t.equal(phaseAfter('COMPLETED', { type: 'CONSULTATION_ENDED' }), 'COMPLETED')
})
