import t from 'tap'
import { keptNotice, leavingWarning } from '../../web/session/room/leaving-warning.ts'
import { inWords } from '../../web/session/room/words.ts'

t.test('lists in words', async (t) => {
  t.same([inWords([]), inWords(['A']), inWords(['A', 'B']), inWords(['A', 'B', 'C'])], ['', 'A', 'A and B', 'A, B and C'])
})

t.test('the warning names the session, its phase and the others, and says what leaves it', async (t) => {
  const session = { title: 'Evening practice', otherParticipants: ['Ada', 'Ben'] }
  t.equal(leavingWarning(session, 'Reading', 'create'), "You are in 'Evening practice' (Reading) with Ada and Ben. Starting this session leaves it.")
  t.equal(leavingWarning(session, 'Waiting', 'join'), "You are in 'Evening practice' (Waiting) with Ada and Ben. Joining another session leaves it.")
  t.equal(leavingWarning({ ...session, otherParticipants: [] }, 'Waiting', 'create'), "You are in 'Evening practice' (Waiting). Starting this session leaves it.", 'alone: no one to name')
})

t.test('a planned slot still to come is kept, and the notice says so with its time (issue 30)', async (t) => {
  const session = { title: 'Sunday slot', otherParticipants: ['Ada'] }
  t.equal(keptNotice(session, 'Sun 29 Nov, 20:00', 'join'), "You are in 'Sunday slot', planned for Sun 29 Nov, 20:00, with Ada. Joining another session keeps your place in it.")
  t.equal(keptNotice({ ...session, otherParticipants: [] }, 'Sun 29 Nov, 20:00', 'create'), "You are in 'Sunday slot', planned for Sun 29 Nov, 20:00. Starting this session keeps your place in it.")
})
