import { useState } from 'react'
import type { CaseView } from '../../../schemas/content.ts'
import { deleteCase } from '../../api/content.ts'
import { Button } from '../../components/Button.tsx'
import { CaseEditorDialog } from '../case-editor/CaseEditorDialog.tsx'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Count, PanelHeader, SmallButton, Toolbar } from '../controls.tsx'
import type { CaseBank } from '../useCaseBank.ts'
import { Checkbox } from '../case-editor/editor-layout.tsx'
import { needsDomainWork } from '../../../schemas/marking.ts'
import { CaseList } from './CaseList.tsx'
import { CasePacks } from './CasePacks.tsx'
import { CaseSearch, useReviewerSearch } from './CaseSearch.tsx'

/** The editor is either closed, creating, or editing one case. */
type Editing = { case: CaseView | null } | null

export function CasesTab({ bank }: { bank: CaseBank }) {
  // Only the cases whose feedback cannot get a full station result yet (issue 17).
  const [needsDomains, setNeedsDomains] = useState(false)
  const search = useReviewerSearch(bank.cases)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<CaseView | null>(null)

  const shown = search.matching(bank.cases).filter((item) => !needsDomains || needsDomainWork(item.feedbackCriteria))
  const filtered = search.filtered || needsDomains
  const needingDomains = bank.cases.filter((item) => needsDomainWork(item.feedbackCriteria)).length

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
      <CasePacks bank={bank} />
      <CaseSearch search={search} categories={bank.categories} />
      <Toolbar>
        <Checkbox>
          <input type="checkbox" checked={needsDomains} onChange={(event) => setNeedsDomains(event.target.checked)} />
          Needs exam domains ({needingDomains})
        </Checkbox>
        <SmallButton
          type="button"
          $variant="secondary"
          onClick={() => {
            search.clear()
            setNeedsDomains(false)
          }}
          disabled={!filtered}
        >
          Clear
        </SmallButton>
      </Toolbar>
      <Count role="status">
        {filtered ? `Showing ${shown.length} of ${bank.cases.length} cases` : `${bank.cases.length} ${bank.cases.length === 1 ? 'case' : 'cases'}`}
      </Count>
      <CaseList cases={shown} filtered={filtered} onEdit={(item) => setEditing({ case: item })} onDelete={setDeleting} onRestored={bank.putCase} standing={search.hitOf} />
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
