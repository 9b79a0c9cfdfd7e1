import { useState } from 'react'
import type { CaseView } from '../../../schemas/content.ts'
import { deleteCase } from '../../api/content.ts'
import { Button } from '../../components/Button.tsx'
import { CaseEditorDialog } from '../case-editor/CaseEditorDialog.tsx'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Count, PanelHeader, SearchBox, SelectBox, SmallButton, Toolbar } from '../controls.tsx'
import type { CaseBank } from '../useCaseBank.ts'
import { Checkbox } from '../case-editor/editor-layout.tsx'
import { needsDomainWork } from '../../../schemas/marking.ts'
import { CaseList } from './CaseList.tsx'

/** The editor is either closed, creating, or editing one case. */
type Editing = { case: CaseView | null } | null

export function CasesTab({ bank }: { bank: CaseBank }) {
  const [filter, setFilter] = useState<CaseFilter>(NO_FILTER)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<CaseView | null>(null)

  const shown = filterCases(bank.cases, filter)
  const filtered = filter.search !== '' || filter.categoryId !== '' || filter.needsDomains
  const needingDomains = bank.cases.filter((item) => needsDomainWork(item.feedbackCriteria)).length
  const categoryOptions = [{ value: '', label: 'All categories' }, ...bank.categories.map((category) => ({ value: String(category.id), label: category.name }))]

  const confirmDelete = async () => {
    if (!deleting) return
    await deleteCase(deleting.id)
    bank.removeCase(deleting.id)
    setDeleting(null)
  }

  return (
    <section aria-labelledby="cases-heading">
      <PanelHeader>
        <h2 id="cases-heading">Cases</h2>
        <Button type="button" onClick={() => setEditing({ case: null })}>
          Add New Case
        </Button>
      </PanelHeader>
      <Toolbar>
        <SearchBox label="Search cases" placeholder="Title or description" value={filter.search} onChange={(search) => setFilter({ ...filter, search })} />
        <SelectBox label="Category" value={filter.categoryId} onChange={(categoryId) => setFilter({ ...filter, categoryId })} options={categoryOptions} />
        <Checkbox>
          <input type="checkbox" checked={filter.needsDomains} onChange={(event) => setFilter({ ...filter, needsDomains: event.target.checked })} />
          Needs exam domains ({needingDomains})
        </Checkbox>
        <SmallButton type="button" $variant="secondary" onClick={() => setFilter(NO_FILTER)} disabled={!filtered}>
          Clear
        </SmallButton>
      </Toolbar>
      <Count role="status">
        {filtered ? `Showing ${shown.length} of ${bank.cases.length} cases` : `${bank.cases.length} ${bank.cases.length === 1 ? 'case' : 'cases'}`}
      </Count>
      <CaseList cases={shown} filtered={filtered} onEdit={(item) => setEditing({ case: item })} onDelete={setDeleting} />
      {editing && (
        <CaseEditorDialog
          editing={editing.case}
          categories={bank.categories}
          onSaved={(saved) => {
            bank.putCase(saved)
            setEditing(null)
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete case?"
          confirmLabel="Delete Case"
          danger
          failureMessage="Failed to delete case. Please try again."
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          Delete <strong>{deleting.title}</strong>? This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  )
}

interface CaseFilter {
  search: string
  categoryId: string
  /** Only the cases whose feedback cannot get a full station result yet (issue 17). */
  needsDomains: boolean
}

const NO_FILTER: CaseFilter = { search: '', categoryId: '', needsDomains: false }

/** SPEC.md section 2: search by title or description (any letter case), narrowed to one category. */
function filterCases(cases: CaseView[], filter: CaseFilter): CaseView[] {
  const needle = filter.search.trim().toLowerCase()
  return cases
    .filter((item) => !filter.categoryId || String(item.category.id) === filter.categoryId)
    .filter((item) => !filter.needsDomains || needsDomainWork(item.feedbackCriteria))
    .filter((item) => !needle || item.title.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle))
    .sort((a, b) => a.title.localeCompare(b.title))
}
