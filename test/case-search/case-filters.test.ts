import t from 'tap'
import * as v from 'valibot'
import { CaseSearchQuery, ratingsText, REVERSED_RECALL_RANGE } from '../../schemas/case-search.ts'
import { addressQuery, filtersFrom, hasFilters, NO_FILTERS, pageFrom, searchQuery } from '../../web/case-bank/case-filters.ts'

/** "Find a case" keeps its search in the page's address (issue 35), and says the ratings the same way everywhere. */

t.test('the address keeps the filters, and gives the API a query its schema accepts', async (t) => {
  const filters = { ...NO_FILTERS, q: 'chest pain', stationType: 'HISTORY', notPlayedByMe: 'true', recallFrom: '2025-01-01' }
  const address = addressQuery(filters, 2)
  t.equal(address, '?q=chest+pain&stationType=HISTORY&recallFrom=2025-01-01&notPlayedByMe=true&page=2')
  t.same(filtersFrom(address), filters, 'read back as written: a reload keeps them')
  t.equal(pageFrom(address), 2)
  t.equal(pageFrom('?page=x'), 0, 'a page that is not a number is the first')
  t.equal(addressQuery(NO_FILTERS, 0), '', 'nothing chosen: a bare address')
  t.notOk(hasFilters(filtersFrom('?q=%20%20&page=3')), 'blank text is no filter')
  t.ok(hasFilters(filtersFrom('?minRealism=4')))
  const query = v.parse(CaseSearchQuery, searchQuery(filters, 2, 20))
  t.match(query, { q: 'chest pain', stationType: 'HISTORY', notPlayedByMe: true, recallFrom: '2025-01-01', page: 2, pageSize: 20 })
  t.notOk('topic' in query, 'a filter left at "any" is not sent')
  const reversed = v.safeParse(CaseSearchQuery, searchQuery({ ...NO_FILTERS, recallFrom: '2025-05-01', recallTo: '2025-01-01' }, 0, 20))
  t.same(reversed.issues?.map((issue) => [v.getDotPath(issue), issue.message]), [['recallTo', REVERSED_RECALL_RANGE]], 'a reversed range is refused before asking, under "to"')
})

t.test('the ratings in words', async (t) => {
  t.equal(ratingsText({ count: 12, meanRealism: 4.24, meanDifficulty: 3.08 }), 'Realism 4.2/5, difficulty 3.1/5 (12 ratings)')
  t.equal(ratingsText({ count: 1, meanRealism: 5, meanDifficulty: 2 }), 'Realism 5.0/5, difficulty 2.0/5 (1 rating)')
  t.equal(ratingsText({ count: 0, meanRealism: null, meanDifficulty: null }), 'Not rated yet')
})
