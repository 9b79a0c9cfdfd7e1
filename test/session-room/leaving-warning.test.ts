import t from 'tap'
import { keptNotice, leavingWarning } from '../../web/session/room/leaving-warning.ts'
import { inWords } from '../../web/session/room/words.ts'

t.test('lists in words', async (t) => {
  t.same([inWords([]), inWords(['A']), inWords(['A', 'B']), inWords(['A', 'B', 'C'])], ['', 'A', 'A and B', 'A, B and C'])
})

t.test('the warning names the session, its phase and the others, and says what leaves it', async (t) => {
  const session = { title: 'Evening practice', otherParticipants: ['Ada', 'Ben'], userRole: 'PATIENT' as const }
  t.equal(leavingWarning(session, 'Reading', 'create'), "You are in 'Evening practice' (Reading) with Ada and Ben. Starting this session leaves it.")
  t.equal(leavingWarning(session, 'Waiting', 'join'), "You are in 'Evening practice' (Waiting) with Ada and Ben. Joining another session leaves it.")
})

// Issue 30: a room left with fewer than two people, or without its doctor, ends; its listing goes with it.
t.test('the warning says when leaving ends the session and its listing', async (t) => {
  const ends = ': it ends, and so does any listing of it on Find Partners.'
  const alone = { title: 'Evening practice', otherParticipants: [], userRole: 'DOCTOR' as const }
  t.equal(leavingWarning(alone, 'Waiting', 'create'), `You are in 'Evening practice' (Waiting). Starting this session leaves it${ends}`, 'alone: no one to name')
  t.equal(leavingWarning({ ...alone, otherParticipants: ['Ada', 'Ben'] }, 'Waiting', 'create'), `You are in 'Evening practice' (Waiting) with Ada and Ben. Starting this session leaves it${ends}`, 'the doctor')
  t.equal(leavingWarning({ ...alone, otherParticipants: ['Ada'], userRole: 'OBSERVER' }, 'Reading', 'join'), `You are in 'Evening practice' (Reading) with Ada. Joining another session leaves it${ends}`, 'two in the room')
})

t.test('a planned slot still to come is kept, and the notice says so with its time (issue 30)', async (t) => {
  const session = { title: 'Sunday slot', otherParticipants: ['Ada'] }
  t.equal(keptNotice(session, 'Sun 29 Nov, 20:00', 'join'), "You are in 'Sunday slot', planned for Sun 29 Nov, 20:00, with Ada. Joining another session keeps your place in it.")
  t.equal(keptNotice({ ...session, otherParticipants: [] }, 'Sun 29 Nov, 20:00', 'create'), "You are in 'Sunday slot', planned for Sun 29 Nov, 20:00. Starting this session keeps your place in it.")
})
