import t from 'tap'
import { INITIAL_PHASE, phaseAfter } from '../../web/session/room/room-phase.ts'

t.test("the server's snapshot and live messages set the phase the room shows", async (t) => {
  t.equal(phaseAfter(INITIAL_PHASE, { type: 'SNAPSHOT', phase: 'CONSULTATION' }), 'CONSULTATION')
  t.equal(phaseAfter('READING', { type: 'PHASE_CHANGE', phase: 'CONSULTATION' }), 'CONSULTATION')
  t.equal(phaseAfter('FEEDBACK', { type: 'SESSION_UPDATE', phase: 'READING' }), 'READING', 'a new round reads again')
})

t.test("the doctor's accepted end of the consultation moves only a consultation on", async (t) => {
  t.equal(phaseAfter('CONSULTATION', { type: 'CONSULTATION_ENDED' }), 'FEEDBACK')
  t.equal(phaseAfter('READING', { type: 'CONSULTATION_ENDED' }), 'READING')
  t.equal(phaseAfter('COMPLETED', { type: 'CONSULTATION_ENDED' }), 'COMPLETED')
})
