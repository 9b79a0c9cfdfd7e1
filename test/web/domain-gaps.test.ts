import t from 'tap'
import { domainGaps, needsDomainWork } from '../../schemas/marking.ts'

/** What the admin case list flags: criteria without a domain, and domains without a criterion. */

t.test('a case is flagged until every criterion has a domain and every domain a criterion', async (t) => {
  t.same(domainGaps([{ domain: 'DATA_GATHERING' }, { domain: null }, {}]), { unassigned: 2, missing: ['CLINICAL_MANAGEMENT', 'INTERPERSONAL'] })
  t.ok(needsDomainWork([]), 'no criteria at all')
  t.ok(needsDomainWork([{ domain: 'DATA_GATHERING' }, { domain: 'CLINICAL_MANAGEMENT' }]), 'no interpersonal criterion')
  t.notOk(needsDomainWork([{ domain: 'DATA_GATHERING' }, { domain: 'CLINICAL_MANAGEMENT' }, { domain: 'INTERPERSONAL' }, { domain: 'INTERPERSONAL' }]))
})
