/**
 * A solo station's phases follow from its times alone (issue 34): the same function tells the server when to reveal
 * the case and the page which screen to show; the candidate moves on only from the phase the station is in.
 */
import t from 'tap'
import { soloCase, noSoloCase } from '../../schemas/solo/solo-case.ts'
import { movedOn, soloPhaseAt, soloTimerAt, stationEndOf, type SoloTimes } from '../../schemas/solo/solo-station.ts'
import type { CaseSummary } from '../../schemas/session/decision-context.ts'

const T0 = 1_750_000_000_000
const exam: SoloTimes = { startedAt: T0, readingSeconds: 90, consultationSeconds: 480, consultationStartedAt: null, endedAt: null }

t.test('the exam timing: reading, then the station, then marking, to the millisecond', async (t) => {
  t.equal(soloPhaseAt(exam, T0), 'READING')
  t.equal(soloPhaseAt(exam, T0 + 89_999), 'READING')
  t.equal(soloPhaseAt(exam, T0 + 90_000), 'CONSULTATION')
  t.same(soloTimerAt(exam, T0 + 90_000), { phase: 'CONSULTATION', startTimestamp: T0 + 90_000, durationSeconds: 480 })
  t.equal(soloPhaseAt(exam, T0 + 569_999), 'CONSULTATION')
  t.equal(soloPhaseAt(exam, T0 + 570_000), 'MARKING')
  t.equal(soloTimerAt(exam, T0 + 570_000), null)
})

t.test('moving on early: only from the phase it is in, and the clocks follow', async (t) => {
  const early = movedOn(exam, 'READING', T0 + 20_000)!
  t.same(soloTimerAt(early, T0 + 20_000), { phase: 'CONSULTATION', startTimestamp: T0 + 20_000, durationSeconds: 480 }, 'the whole 8 minutes from then')
  t.equal(movedOn(early, 'READING', T0 + 21_000), null, 'a second click changes nothing')
  t.equal(movedOn(exam, 'CONSULTATION', T0 + 10_000), null, 'the station cannot be ended before it began')
  const ended = movedOn(early, 'CONSULTATION', T0 + 200_000)!
  t.equal(stationEndOf(ended), T0 + 200_000)
  t.equal(soloPhaseAt(ended, T0 + 200_000), 'MARKING')
  t.equal(movedOn(exam, 'CONSULTATION', T0 + 600_000), null, 'nor ended after its clock ran out')
})

t.test('the case: a station of the choice, one not practised before where there is one', async (t) => {
  const catalog: CaseSummary[] = [
    { id: 3, categoryName: 'Cardiology', recallDates: [], stationType: 'HISTORY' },
    { id: 1, categoryName: 'Cardiology', recallDates: [], stationType: 'EXAMINATION' },
    { id: 2, categoryName: 'Respiratory', recallDates: [], stationType: 'HISTORY' },
    { id: 4, categoryName: 'Respiratory', recallDates: [], stationType: null },
  ]
  const first = () => 0
  t.equal(soloCase(catalog, { kind: 'surprise' }, new Set(), first)?.id, 1, 'ordered by id')
  t.equal(soloCase(catalog, { kind: 'surprise' }, new Set([1, 2]), first)?.id, 3, 'a new one first')
  t.equal(soloCase(catalog, { kind: 'surprise' }, new Set([1, 2, 3]), first)?.id, 1, 'else any: practice may repeat')
  t.equal(soloCase(catalog, { kind: 'topic', topic: 'Respiratory' }, new Set(), () => 0.99)?.id, 2, 'never a case without a checklist')
  t.equal(soloCase(catalog, { kind: 'stationType', stationType: 'HISTORY' }, new Set([2]), first)?.id, 3)
  t.equal(soloCase(catalog, { kind: 'stationType', stationType: 'VIDEO' }, new Set(), first), null)
  t.match(noSoloCase({ kind: 'stationType', stationType: 'VIDEO' }), /no video consultation station yet/)
})
