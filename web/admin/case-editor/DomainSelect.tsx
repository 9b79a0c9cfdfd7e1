import { DOMAIN_TEXT, DOMAINS, isDomain, type Domain } from '../../../schemas/marking.ts'
import type { CriterionView } from '../../../schemas/content.ts'
import type { FieldErrors } from '../../../schemas/validate.ts'
import { RequiredMark, SelectBox } from '../controls.tsx'

export const DOMAIN_REQUIRED = 'Choose the exam domain this criterion is marked in'

const OPTIONS = [{ value: '', label: 'Not assigned yet' }, ...DOMAINS.map((domain) => ({ value: domain, label: DOMAIN_TEXT[domain].label }))]

/** The PLAB 2 domain a criterion counts towards in the station result (docs/exam-marking.md). */
export function DomainSelect({ value, onChange, error }: { value: Domain | null; onChange: (domain: Domain | null) => void; error?: string }) {
  return (
    <SelectBox
      label={
        <>
          Exam domain
          <RequiredMark />
        </>
      }
      value={value ?? ''}
      onChange={(chosen) => onChange(isDomain(chosen) ? chosen : null)}
      options={OPTIONS}
      error={error}
      required
    />
  )
}

/**
 * A new criterion needs a domain before the case is saved; one saved before domains existed may stay unassigned
 * (the admin case list flags its case), so editing a typo in an old case is not blocked. The server accepts both:
 * the spec's editor sends no domains.
 */
export function unassignedDomainErrors(criteria: CriterionView[], savedIds: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {}
  criteria.forEach((criterion, index) => {
    if (criterion.domain === null && !savedIds.has(criterion.id)) errors[`feedbackCriteria.${index}.domain`] = DOMAIN_REQUIRED
  })
  return errors
}
