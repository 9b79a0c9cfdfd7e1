import t from 'tap'
import { peopleSeen } from '../../web/session/room/people-seen.ts'

const me = 1
const priya = { userId: 2, name: 'Priya' }
const chen = { userId: 3, name: 'Chen' }

t.test('the others in the room, never the reader, in the order first seen', async (t) => {
  t.same(peopleSeen([], [{ userId: me, name: 'Me' }, priya, chen], me), [priya, chen])
})

t.test('someone who left stays on the list, and a newcomer is added after them', async (t) => {
  const first = peopleSeen([], [{ userId: me, name: 'Me' }, priya], me)
  t.same(peopleSeen(first, [{ userId: me, name: 'Me' }, chen], me), [priya, chen])
})

t.test('a changed name replaces the old one in its place', async (t) => {
  t.same(peopleSeen([priya, chen], [{ userId: 2, name: 'Priya S' }], me), [{ userId: 2, name: 'Priya S' }, chen])
})

t.test('nothing new gives back the same list, so the room does not render again', async (t) => {
  const seen = [priya, chen]
  t.equal(peopleSeen(seen, [chen, { userId: me, name: 'Me' }], me), seen)
  t.equal(peopleSeen(seen, [], me), seen)
})

t.test('the same person listed twice is added once', async (t) => {
  t.same(peopleSeen([], [priya, priya], me), [priya])
})
