import t from 'tap'
import { keepSessionSearch, keptSessionSearch, NO_SEARCH, noMatchText, participantText, searchProblems } from '../../web/admin/sessions/session-search.ts'
import { timelineAddress } from '../../web/admin/sessions/timeline-address.ts'

/** The admins' Sessions tab (issue 37), its pure parts: the check before asking, its words, what a reload keeps. */

/** sessionStorage as a browser tab holds it, for the test's length. */
function tabStorage(t: { teardown(fn: () => void): void }) {
  const held = new Map<string, string>()
  const storage = { getItem: (key: string) => held.get(key) ?? null, setItem: (key: string, value: string) => void held.set(key, value) }
  const before = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage')
  Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true })
  t.teardown(() => (before ? Object.defineProperty(globalThis, 'sessionStorage', before) : delete (globalThis as { sessionStorage?: unknown }).sessionStorage))
  return held
}

t.test('a reversed date range is refused at the "to" field in the server’s words; a sound search passes', async (t) => {
  t.same(searchProblems({ ...NO_SEARCH, from: '2026-05-03', to: '2026-05-01' }), { to: 'to must not be before from: the date range is reversed' })
  t.same(searchProblems({ ...NO_SEARCH, from: '2026-05-01', to: '2026-05-01' }), {}, 'one day, both ends included')
  t.same(searchProblems(NO_SEARCH), {}, 'nothing typed lists the latest sessions')
  t.same(searchProblems({ ...NO_SEARCH, code: 'K7MQ', participant: 'ben@example.org', from: '2026-05-01' }), {})
  t.match(searchProblems({ ...NO_SEARCH, participant: 'x'.repeat(101) }), { participant: /at most 100 characters/ })
})

t.test('the empty answer names what was asked', async (t) => {
  t.equal(noMatchText({ ...NO_SEARCH, participant: ' Ben ' }), 'No session matches: participant “Ben”.')
  t.equal(noMatchText({ code: 'K7MQ', participant: '', from: '2026-05-01', to: '2026-05-03' }), 'No session matches: code “K7MQ”, created from 2026-05-01 to 2026-05-03 (UTC).')
  t.equal(noMatchText({ ...NO_SEARCH, from: '2026-05-01', to: '2026-05-01' }), 'No session matches: created on 2026-05-01 (UTC).')
  t.equal(noMatchText({ ...NO_SEARCH, to: '2026-05-01' }), 'No session matches: created on 2026-05-01 or earlier (UTC).')
  t.equal(noMatchText(NO_SEARCH), 'No session has been created yet.')
})

t.test('a participant is named with their email and seat, and marked when they left', async (t) => {
  t.equal(participantText({ userId: 1, name: 'Ben Doe', email: 'ben@example.org', role: 'PATIENT', active: true }), 'Ben Doe <ben@example.org>: Patient')
  t.equal(participantText({ userId: 2, name: 'Ann', email: null, role: 'OBSERVER', active: false }), 'Ann: Observer (left)')
})

t.test('what was typed and asked outlives a reload, per admin; anything unreadable is forgotten', async (t) => {
  const held = tabStorage(t)
  t.same(keptSessionSearch(7), { typed: NO_SEARCH, asked: null }, 'nothing kept yet')
  const typed = { ...NO_SEARCH, participant: 'ben', from: '2026-05-01' }
  keepSessionSearch(7, { typed, asked: { fields: { ...NO_SEARCH, participant: 'be' }, page: 2 } })
  t.same(keptSessionSearch(7), { typed, asked: { fields: { ...NO_SEARCH, participant: 'be' }, page: 2 } })
  t.same(keptSessionSearch(8), { typed: NO_SEARCH, asked: null }, 'another admin in the same tab starts afresh')
  held.set('plab.adminSessionSearch.7', '{"typed":{"code":3}}')
  t.same(keptSessionSearch(7), { typed: NO_SEARCH, asked: null })
  held.set('plab.adminSessionSearch.7', 'not json')
  t.same(keptSessionSearch(7), { typed: NO_SEARCH, asked: null })
})

t.test('without storage (refused, or a private window) nothing is kept and nothing breaks', async (t) => {
  keepSessionSearch(7, { typed: { ...NO_SEARCH, code: 'K7MQ' }, asked: null })
  t.same(keptSessionSearch(7), { typed: NO_SEARCH, asked: null })
})

t.test('the timeline opens at a report’s moment, the time written safely into the address', async (t) => {
  t.equal(timelineAddress('K7MQ-2XD9'), '/admin/sessions/K7MQ-2XD9')
  t.equal(timelineAddress('K7MQ-2XD9', '2026-05-01T10:15:30.123Z'), '/admin/sessions/K7MQ-2XD9?at=2026-05-01T10%3A15%3A30.123Z')
  t.equal(new URLSearchParams(timelineAddress('K7MQ-2XD9', '2026-05-01T10:15:30+01:00').split('?')[1]).get('at'), '2026-05-01T10:15:30+01:00', 'a + survives')
})
