import t from 'tap'
import fc from 'fast-check'
import { candidateCases, chooseNextCase, topicsWithCasesLeft, type SessionConfig } from '../../schemas/session/index.ts'
import { CATALOG, CATEGORY_NAMES, recallConfig, topicConfig } from './fixtures.ts'

const fresh = (config: SessionConfig, usedCaseIds: number[] = [], caseId: number | null = null) => ({ config, usedCaseIds, caseId })
const draw = (value: number) => ({ catalog: CATALOG, random: () => value })
const ids = (state: ReturnType<typeof fresh>, pool: Parameters<typeof candidateCases>[2]) => candidateCases(state, CATALOG, pool).map((c) => c.id)

t.test('the draw indexes the unused candidates sorted by id', async (t) => {
  const state = fresh(topicConfig('Random'))
  t.same(ids(state, { kind: 'configured' }), [11, 12, 21, 22, 31])
  t.equal(chooseNextCase(state, draw(0), { kind: 'configured' }), 11)
  t.equal(chooseNextCase(state, draw(0.4), { kind: 'configured' }), 21, 'floor(0.4 * 5) = index 2')
  t.equal(chooseNextCase(state, draw(0.99), { kind: 'configured' }), 31)
  t.equal(chooseNextCase(state, draw(1), { kind: 'configured' }), 31, 'a source returning 1 still picks a case')
})

t.test('configured topics: only those categories; Random alone: any', async (t) => {
  t.same(ids(fresh(topicConfig('Respiratory', 'Neurology')), { kind: 'configured' }), [21, 22, 31])
  t.same(ids(fresh(topicConfig('Random')), { kind: 'configured' }), [11, 12, 21, 22, 31])
  t.same(ids(fresh(topicConfig('Random', 'Cardiology')), { kind: 'configured' }), [11, 12], 'a named topic beside Random wins')
  t.same(ids(fresh(topicConfig('Random', 'Cardiology'), [11], 11), { kind: 'continuing' }), [12])
  t.same(ids(fresh(topicConfig('Dermatology')), { kind: 'configured' }), [])
})

t.test('continuing: the next chosen topic in turn that has cases left, any category for Random', async (t) => {
  t.same(ids(fresh(topicConfig('Cardiology', 'Respiratory'), [21], 21), { kind: 'continuing' }), [11, 12], 'Respiratory was played: Cardiology\'s turn')
  t.same(ids(fresh(topicConfig('Cardiology', 'Respiratory'), [11, 12, 21], 21), { kind: 'continuing' }), [22], 'Cardiology has run out: Respiratory again')
  t.same(ids(fresh(topicConfig('Cardiology', 'Respiratory'), [11, 12, 21, 22], 22), { kind: 'continuing' }), [], 'both have run out')
  t.same(ids(fresh(topicConfig('Random'), [21], 21), { kind: 'continuing' }), [11, 12, 22, 31])
  t.same(ids(fresh(topicConfig('Cardiology'), [], null), { kind: 'continuing' }), [11, 12], 'no case yet: the configured topics')
})

t.test('recall: any recall date within the range, both ends inclusive', async (t) => {
  t.same(ids(fresh(recallConfig('2024-01-15', '2024-05-01')), { kind: 'configured' }), [11, 12, 21])
  t.same(ids(fresh(recallConfig('2024-05-02', '2024-06-01')), { kind: 'continuing' }), [21], 'the second of its dates matches')
  t.same(ids(fresh(recallConfig('2023-12-31', '2023-12-31')), { kind: 'configured' }), [31])
  t.same(ids(fresh(recallConfig('2025-01-01', '2025-12-31')), { kind: 'configured' }), [])
  t.same(ids(fresh({ ...recallConfig('2024-01-01', '2024-12-31'), recallEndDate: null }), { kind: 'configured' }), [], 'no range, no case')
})

t.test('topics left: categories with unused cases, in the bank\'s order, never Random', async (t) => {
  const ctx = { catalog: CATALOG, categoryNames: ['Random', ...CATEGORY_NAMES] }
  t.same(topicsWithCasesLeft(fresh(topicConfig('Cardiology'), [11, 12], 12), ctx), ['Respiratory', 'Neurology'])
  t.same(topicsWithCasesLeft(fresh(topicConfig('Cardiology'), [11, 12, 21, 22, 31], 31), ctx), [])
})

t.test('property: a chosen case is always an unused candidate, and drawing until none is left plays each once', async (t) => {
  const configs = fc.oneof(
    fc.subarray(['Cardiology', 'Respiratory', 'Neurology', 'Dermatology', 'Random'], { minLength: 1 }).map((topics) => topicConfig(...topics)),
    fc.tuple(fc.constantFrom('2023-12-31', '2024-01-15', '2024-03-01'), fc.constantFrom('2024-03-01', '2024-06-01')).map(([a, b]) => recallConfig(a, b)),
  )
  fc.assert(
    fc.property(configs, fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 6, maxLength: 6 }), (config, draws) => {
      let state = fresh(config)
      for (const value of draws) {
        const pool = { kind: state.caseId === null ? 'configured' : 'continuing' } as const
        const candidates = ids(state, pool)
        const chosen = chooseNextCase(state, draw(value), pool)
        if (chosen === null) return candidates.length === 0
        if (!candidates.includes(chosen)) return false
        state = fresh(config, [...state.usedCaseIds, chosen], chosen)
      }
      return new Set(state.usedCaseIds).size === state.usedCaseIds.length
    }),
  )
  t.pass('held for every generated session')
})

t.test('station types: only stations of the chosen types, in every pool; none chosen draws any case', async (t) => {
  const catalog = [
    { id: 1, categoryName: 'Cardiology', recallDates: [], stationType: 'HISTORY' as const },
    { id: 2, categoryName: 'Cardiology', recallDates: [], stationType: 'TELEPHONE' as const },
    { id: 3, categoryName: 'Cardiology', recallDates: [], stationType: null },
    { id: 4, categoryName: 'Respiratory', recallDates: [], stationType: 'TELEPHONE' as const },
  ]
  const state = (stationTypes?: SessionConfig['stationTypes'], used: number[] = [], caseId: number | null = null) => fresh({ ...topicConfig('Cardiology', 'Respiratory'), stationTypes }, used, caseId)
  const pick = (s: ReturnType<typeof state>, pool: Parameters<typeof candidateCases>[2]) => candidateCases(s, catalog, pool).map((c) => c.id)
  t.same(pick(state(), { kind: 'configured' }), [1, 2, 3, 4])
  t.same(pick(state([]), { kind: 'configured' }), [1, 2, 3, 4], 'an empty list is no filter')
  t.same(pick(state(['TELEPHONE']), { kind: 'configured' }), [2, 4])
  t.same(pick(state(['TELEPHONE'], [2], 2), { kind: 'continuing' }), [4], 'the next topic in turn, telephone stations only')
  t.same(pick(state(['HISTORY']), { kind: 'topic', topic: 'Respiratory' }), [], 'a topic chosen later keeps the filter')
  t.same(pick(state(['HISTORY', 'TELEPHONE']), { kind: 'configured' }), [1, 2, 4], 'a case in the older shape has no station type')
})

t.test('MLA areas: only stations covering one of the chosen areas, together with the chosen types', async (t) => {
  const catalog = [
    { id: 1, categoryName: 'Cardiology', recallDates: [], stationType: 'HISTORY' as const, mlaAreas: ['CARDIOVASCULAR' as const, 'ACUTE_EMERGENCY' as const] },
    { id: 2, categoryName: 'Cardiology', recallDates: [], stationType: 'TELEPHONE' as const, mlaAreas: ['GENERAL_PRACTICE' as const] },
    { id: 3, categoryName: 'Cardiology', recallDates: [], stationType: null },
  ]
  const state = (config: Partial<SessionConfig>) => fresh({ ...topicConfig('Cardiology'), ...config })
  const pick = (config: Partial<SessionConfig>) => candidateCases(state(config), catalog, { kind: 'configured' }).map((c) => c.id)
  t.same(pick({ mlaAreas: ['ACUTE_EMERGENCY', 'GENERAL_PRACTICE'] }), [1, 2])
  t.same(pick({ mlaAreas: ['ACUTE_EMERGENCY', 'GENERAL_PRACTICE'], stationTypes: ['TELEPHONE'] }), [2], 'both filters apply')
  t.same(pick({ mlaAreas: ['RESPIRATORY'] }), [])
  t.same(pick({ mlaAreas: [] }), [1, 2, 3])
})
