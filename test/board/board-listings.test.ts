import t from 'tap'
import { REMOVED_BY_ADMIN } from '../../schemas/board.ts'
import { signedInUser } from '../helpers/app.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, boardApp, listedSession, user } from './helpers.ts'

/** Issue 30, items 1-4: what a listing says, which sessions it holds, and the seats it offers on every way in. */

const b = await boardApp()
t.teardown(() => b.close())
const { app } = b
const kind = databaseKind()

const boardIds = async (viewer: Parameters<typeof api>[1]) => ((await api(app, viewer).get('/board')).json.listings as Array<{ id: number }>).map((item) => item.id)

t.test(`listings of ended sessions leave the board and the cap of three (${kind})`, async (t) => {
  const host = await user(app, 'Restless Host')
  const viewer = await user(app, 'Board Reader')
  const listings = []
  // Each create leaves the host's earlier room open now, which ends with nobody else in it.
  for (let n = 0; n < 4; n += 1) listings.push((await listedSession(app, host)).listing.id)
  const fifth = await api(app, host).post('/sessions', { title: 'Fifth' })
  const listed = await api(app, host).post('/board/listings', { sessionCode: fifth.json.sessionCode, patientSeat: true, observerSeats: 0 })
  t.equal(listed.status, 201, 'a host with one running listing is not refused')
  const onBoard = await boardIds(viewer)
  t.notOk(listings.some((id) => onBoard.includes(id)), 'no ended session is on the board')
  t.ok(onBoard.includes(listed.json.listing.id))
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Board Admin' })
  const adminView = (await api(app, admin).get('/admin/board')).json.listings as Array<{ id: number }>
  t.notOk(adminView.some((item) => listings.includes(item.id)), 'nor on the admin list of open listings')
})

t.test(`an admin's removal holds: the same session cannot be listed again (${kind})`, async (t) => {
  const host = await user(app, 'Removed Host')
  const viewer = await user(app, 'Removal Witness')
  const admin = await signedInUser(app, { role: 'ADMIN', name: 'Removing Admin' })
  const { code, listing } = await listedSession(app, host)
  t.equal((await api(app, admin).delete(`/admin/board/listings/${listing.id}`)).status, 200)
  const again = await api(app, host).post('/board/listings', { sessionCode: code, patientSeat: true, observerSeats: 2 })
  t.match(again, { status: 409, json: { error: REMOVED_BY_ADMIN } })
  t.notOk((await boardIds(viewer)).includes(listing.id), 'still off the board')
})
