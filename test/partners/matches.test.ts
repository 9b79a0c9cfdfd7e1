import t from 'tap'
import { MAX_STRETCHES } from '../../schemas/partners/availability.ts'
import { databaseKind } from '../helpers/db.ts'
import { api, boardApp, HOUR, listedSession, user } from '../board/helpers.ts'
import type { User } from '../sessions/helpers.ts'

/**
 * Weekly free hours and "Partners free when I am" over HTTP (issue 36): candidates five hours apart find each
 * other at the right instants; hidden, suspended and blocked people are never listed nor shown; exam months and
 * reliability order the list.
 */

// Monday 30 November 2026, midnight UTC: London is on GMT, Karachi five hours ahead.
const MONDAY = Date.parse('2026-11-30T00:00:00Z')
const b = await boardApp({ clockStart: MONDAY })
t.teardown(() => b.close())
const { app } = b
const kind = databaseKind()
const db = app.database.db

type Stretch = { weekday: number; start: string; end: string }
const LONDON_EVENING: Stretch[] = [{ weekday: 0, start: '18:00', end: '22:00' }]
// 22:00 Monday to 03:00 Tuesday in Karachi: 17:00-22:00 UTC on Monday.
const KARACHI_NIGHT: Stretch[] = [
  { weekday: 0, start: '22:00', end: '24:00' },
  { weekday: 1, start: '00:00', end: '03:00' },
]

async function candidate(name: string, profile: { examMonth?: string | null; timeZone?: string | null }, hours: Stretch[]) {
  const person = await user(app, name, profile)
  const saved = await api(app, person).put('/profile/hours', { hours })
  if (saved.status !== 200) throw new Error(`hours failed: ${JSON.stringify(saved.json)}`)
  return person
}

const matchesOf = async (person: User, query = '') => {
  const answer = await api(app, person).get(`/partners/matches${query}`)
  if (answer.status !== 200) throw new Error(`matches failed: ${JSON.stringify(answer.json)}`)
  return answer.json as { matches: { userId: number; name: string; overlaps: { startsAt: string; endsAt: string }[] }[]; examNear: boolean }
}
const idsIn = (answer: { matches: { userId: number }[] }) => answer.matches.map((match) => match.userId)

t.test(`my weekly hours are saved whole, read back in the week's order, and cleared (${kind})`, async (t) => {
  const me = await user(app, 'Hours Owner', { timeZone: 'Europe/London' })
  t.same((await api(app, me).get('/profile/hours')).json, { hours: [] }, 'none at first')
  const week = [{ weekday: 3, start: '07:00', end: '08:30' }, ...LONDON_EVENING, { weekday: 6, start: '22:00', end: '24:00' }]
  const saved = await api(app, me).put('/profile/hours', { hours: week })
  t.equal(saved.status, 200)
  t.same(saved.json, { hours: [LONDON_EVENING[0], week[0], week[2]], message: 'Free hours saved' })
  t.same((await api(app, me).get('/profile/hours')).json, { hours: [LONDON_EVENING[0], week[0], week[2]] })
  await api(app, me).put('/profile/hours', { hours: [{ weekday: 4, start: '12:00', end: '13:00' }] })
  t.same((await api(app, me).get('/profile/hours')).json.hours, [{ weekday: 4, start: '12:00', end: '13:00' }], 'a save replaces the whole week')
  t.same((await api(app, me).put('/profile/hours', { hours: [] })).json, { hours: [], message: 'Free hours cleared' })
  t.equal((await api(app, me).get('/profile/hours')).json.hours.length, 0)
  t.equal((await app.app.inject({ method: 'GET', url: '/api/profile/hours' })).statusCode, 401, 'signed in only')
})

t.test(`hours out of their limits are refused with a message naming the field, and nothing is saved (${kind})`, async (t) => {
  const me = await candidate('Limits Owner', { timeZone: 'Europe/London' }, LONDON_EVENING)
  const refused = async (hours: unknown) => {
    const answer = await api(app, me).put('/profile/hours', { hours })
    t.equal(answer.status, 400)
    return answer.json
  }
  t.match(await refused([{ weekday: 7, start: '18:00', end: '19:00' }]), { validationErrors: { 'hours.0.weekday': 'weekday must be a number from 0 (Monday) to 6 (Sunday)' } })
  t.match(await refused([{ weekday: 1, start: '18:10', end: '19:00' }]), { validationErrors: { 'hours.0.start': 'start must be a time from 00:00 to 23:45, on the quarter hour' } })
  t.match(await refused([{ weekday: 1, start: '18:00', end: '17:00' }]), { error: 'The end must be after the start (use 24:00 for midnight)', validationErrors: { 'hours.0.end': 'The end must be after the start (use 24:00 for midnight)' } })
  t.match(await refused([{ weekday: 2, start: '18:00', end: '20:00' }, { weekday: 2, start: '19:00', end: '21:00' }]), {
    validationErrors: { hours: 'Your Wednesday stretches 18:00–20:00 and 19:00–21:00 overlap: join them into one' },
  })
  const tooMany = Array.from({ length: MAX_STRETCHES + 1 }, (_, i) => ({ weekday: i % 7, start: `${String(Math.floor(i / 7) * 2).padStart(2, '0')}:00`, end: `${String(Math.floor(i / 7) * 2 + 1).padStart(2, '0')}:00` }))
  t.match(await refused(tooMany), { validationErrors: { hours: `At most ${MAX_STRETCHES} stretches of free hours in a week` } })
  t.match(await refused('Mondays'), { validationErrors: { hours: 'hours must be a list of stretches' } })
  t.same((await api(app, me).get('/profile/hours')).json.hours, LONDON_EVENING, 'the saved week is untouched')
})

t.test(`two candidates five hours apart find each other at the same instants (${kind})`, async (t) => {
  const lina = await candidate('Lina London', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  const kamran = await candidate('Kamran Karachi', { examMonth: '2027-03', timeZone: 'Asia/Karachi' }, KARACHI_NIGHT)
  const morning = await candidate('Morning Mo', { examMonth: '2027-02', timeZone: 'Europe/London' }, [{ weekday: 0, start: '07:00', end: '09:00' }])
  // 21:45-22:00 with Lina: a quarter of an hour is too short to practise in.
  const brief = await candidate('Brief Bo', { examMonth: '2027-02', timeZone: 'Europe/London' }, [{ weekday: 0, start: '21:45', end: '23:00' }])
  const overlap = [{ startsAt: '2026-11-30T18:00:00.000Z', endsAt: '2026-11-30T22:00:00.000Z' }]

  const forLina = await matchesOf(lina)
  t.same(forLina.matches.find((match) => match.userId === kamran.id), {
    userId: kamran.id,
    name: 'Kamran Karachi',
    examMonth: '2027-03',
    timeZone: 'Asia/Karachi',
    reliability: { kept: 0, planned: 0 },
    overlaps: overlap,
  }, "Lina's 18:00-22:00 is Kamran's 23:00-03:00")
  t.equal(forLina.examNear, true, 'exam month near mine by default')
  const forKamran = await matchesOf(kamran)
  t.same(forKamran.matches.find((match) => match.userId === lina.id)?.overlaps, overlap, 'and the other way round')
  t.notOk(idsIn(forLina).includes(morning.id), 'no overlap, no match')
  t.notOk(idsIn(forKamran).includes(morning.id))
  t.notOk(idsIn(forLina).includes(brief.id), 'an overlap shorter than 30 minutes is no match')
  t.notOk(idsIn(forLina).includes(lina.id), 'never myself')
  t.notMatch(JSON.stringify(forLina), /@example\.com/, 'no email anywhere')

  const card = await api(app, lina).get(`/partners/people/${kamran.id}`)
  t.equal(card.status, 200)
  t.same(card.json.candidate, { userId: kamran.id, name: 'Kamran Karachi', examMonth: '2027-03', timeZone: 'Asia/Karachi', reliability: { kept: 0, planned: 0 }, overlaps: overlap })
  t.same((await api(app, lina).get(`/partners/people/${morning.id}`)).json.candidate.overlaps, [], "a card without common hours says so with no times")
})

t.test(`hidden, suspended and blocked candidates are never listed, and their cards are the same 404 as nobody's (${kind})`, async (t) => {
  const me = await candidate('Seeker Sue', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  const shown = await candidate('Shown Sam', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  const hidden = await candidate('Hidden Hal', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  await api(app, hidden).put('/profile/partners', { examMonth: '2027-02', timeZone: 'Europe/London', hiddenFromBoard: true })
  const suspended = await candidate('Suspended Syd', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  await db.updateTable('users').set({ suspended_at: new Date(MONDAY - HOUR), suspended_until: new Date(MONDAY + 30 * 24 * HOUR) }).where('id', '=', suspended.id).execute()
  const blocker = await candidate('Blocking Bea', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  const blocked = await candidate('Blocked Ben', { examMonth: '2027-02', timeZone: 'Europe/London' }, LONDON_EVENING)
  await db.insertInto('user_blocks').values([{ blocker_id: blocker.id, blocked_id: me.id }, { blocker_id: me.id, blocked_id: blocked.id }]).execute()

  const listed = idsIn(await matchesOf(me))
  t.ok(listed.includes(shown.id), 'the visible one is listed')
  for (const [who, person] of [['hidden', hidden], ['suspended', suspended], ['blocked me', blocker], ['blocked by me', blocked]] as const) {
    t.notOk(listed.includes(person.id), `${who}: not listed`)
    const card = await api(app, me).get(`/partners/people/${person.id}`)
    t.same([card.status, card.json], [404, { error: 'There is no such candidate' }], `${who}: no card`)
  }
  t.same((await api(app, me).get('/partners/people/987654321')).json, { error: 'There is no such candidate' }, 'nobody: the same words')
  t.equal((await api(app, me).get(`/partners/people/${me.id}`)).status, 404, 'not my own card: I am not my candidate')
  t.notOk(idsIn(await matchesOf(blocker)).includes(me.id), 'a block hides both ways')
  t.ok(idsIn(await matchesOf(hidden)).includes(me.id), 'hiding from the board still lets one look')
  t.match((await api(app, me).get('/partners/people/abc')).json, { error: 'The id must be a positive whole number' })
})

t.test(`"exam month near mine" leaves out far and unknown months unless turned off (${kind})`, async (t) => {
  const me = await candidate('Exam Ema', { examMonth: '2027-05', timeZone: 'Europe/London' }, LONDON_EVENING)
  const near = await candidate('Near Nia', { examMonth: '2027-04', timeZone: 'Asia/Karachi' }, KARACHI_NIGHT)
  const far = await candidate('Far Fay', { examMonth: '2027-11', timeZone: 'Asia/Karachi' }, KARACHI_NIGHT)
  const unknown = await candidate('Unsure Uma', { examMonth: null, timeZone: 'Asia/Karachi' }, KARACHI_NIGHT)
  const nearOnly = idsIn(await matchesOf(me))
  t.ok(nearOnly.includes(near.id))
  t.notOk(nearOnly.includes(far.id), 'six months apart')
  t.notOk(nearOnly.includes(unknown.id), 'no exam month: not near')
  const everyone = await matchesOf(me, '?examNear=false')
  t.equal(everyone.examNear, false)
  t.ok([near.id, far.id, unknown.id].every((id) => idsIn(everyone).includes(id)), 'all three with the filter off')
  const noMonth = await candidate('No Month Ned', { timeZone: 'Europe/London' }, LONDON_EVENING)
  const unfiltered = await matchesOf(noMonth)
  t.equal(unfiltered.examNear, false, 'without a month of mine there is nothing to be near: not applied, and said so')
  t.ok(idsIn(unfiltered).includes(far.id))
  const bad = await api(app, me).get('/partners/matches?examNear=maybe')
  t.same([bad.status, bad.json.validationErrors], [400, { examNear: 'examNear must be true or false' }])
})

t.test(`matches need my hours and my time zone first (${kind})`, async (t) => {
  const noHours = await user(app, 'No Hours Nat', { timeZone: 'Europe/London' })
  t.same(await api(app, noHours).get('/partners/matches').then((a) => [a.status, a.json.error]), [400, 'Set your free hours first'])
  const noZone = await candidate('No Zone Zed', {}, LONDON_EVENING)
  t.same(await api(app, noZone).get('/partners/matches').then((a) => [a.status, a.json.error]), [400, 'Set your time zone in your partner settings first'])
  const seeker = await candidate('Zone Seeker', { timeZone: 'Europe/London' }, LONDON_EVENING)
  t.notOk(idsIn(await matchesOf(seeker, '?examNear=false')).includes(noZone.id), 'someone without a zone matches nobody')
})

t.test(`the most reliable first, then the longest time together (${kind})`, async (t) => {
  const me = await candidate('Ranker Rae', { examMonth: '2028-01', timeZone: 'Europe/London' }, LONDON_EVENING)
  const profile = { examMonth: '2028-01', timeZone: 'Europe/London' }
  const kept3of3 = await candidate('Kept Three', profile, LONDON_EVENING)
  const newcomerShort = await candidate('Newcomer Short', profile, [{ weekday: 0, start: '18:00', end: '19:00' }])
  const newcomerLong = await candidate('Newcomer Long', profile, LONDON_EVENING)
  const kept1of4 = await candidate('Kept One', profile, LONDON_EVENING)
  const listings: number[] = []
  for (let i = 0; i < 4; i++) listings.push((await listedSession(app, await user(app, `Reliability Host ${i}`), { startsAt: new Date(MONDAY + (i + 2) * HOUR).toISOString() })).listing.id)
  const attended = (person: User, came: boolean[]) =>
    db.insertInto('planned_attendance').values(came.map((c, i) => ({ listing_id: listings[i], user_id: person.id, starts_at: new Date(MONDAY), came: c }))).execute()
  await attended(kept3of3, [true, true, true])
  await attended(kept1of4, [true, false, false, false])

  const ranked = (await matchesOf(me)).matches.filter((match) => [kept3of3, newcomerShort, newcomerLong, kept1of4].some((p) => p.id === match.userId))
  t.same(ranked.map((match) => match.name), ['Kept Three', 'Newcomer Long', 'Newcomer Short', 'Kept One'])
  t.same(ranked.map((match) => (match as unknown as { reliability: unknown }).reliability), [
    { kept: 3, planned: 3 },
    { kept: 0, planned: 0 },
    { kept: 0, planned: 0 },
    { kept: 1, planned: 4 },
  ])
})

t.test(`a stretch under way counts from now, and the week ends seven days on (${kind})`, async (t) => {
  const lina = await candidate('Later Lina', { examMonth: '2027-08', timeZone: 'Europe/London' }, LONDON_EVENING)
  const kamran = await candidate('Later Kamran', { examMonth: '2027-08', timeZone: 'Asia/Karachi' }, KARACHI_NIGHT)
  await b.clock.advance(19 * HOUR + 30 * 60_000)
  const overlaps = (await matchesOf(lina)).matches.find((match) => match.userId === kamran.id)?.overlaps
  t.same(overlaps, [
    { startsAt: '2026-11-30T19:30:00.000Z', endsAt: '2026-11-30T22:00:00.000Z' },
    { startsAt: '2026-12-07T18:00:00.000Z', endsAt: '2026-12-07T19:30:00.000Z' },
  ])
})

t.test(`the hours are in the owner's data export and go with the account (${kind})`, async (t) => {
  const me = await candidate('Export Eve', { timeZone: 'Europe/London' }, LONDON_EVENING)
  t.same((await api(app, me).get('/auth/my-data')).json.weeklyHours, LONDON_EVENING)
  t.equal((await api(app, me).post('/auth/delete-account', { currentPassword: 'password-1' })).status, 200)
  t.same(await db.selectFrom('weekly_hours').select('weekday').where('user_id', '=', me.id).execute(), [])
})
