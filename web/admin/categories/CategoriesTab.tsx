import { useMemo, useState } from 'react'
import type { CategoryView } from '../../../schemas/content.ts'
import { deleteCategory } from '../../api/content.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Count, EmptyState, PanelHeader, SearchBox, Table, TableScroll } from '../controls.tsx'
import type { CaseBank } from '../useCaseBank.ts'
import { AddCategoryForm } from './AddCategoryForm.tsx'
import { CategoryRow } from './CategoryRow.tsx'

/** Categories are the topics sessions draw cases from; one still holding cases cannot be deleted. */
export function CategoriesTab({ bank }: { bank: CaseBank }) {
  const [search, setSearch] = useState('')
  const [deleting, setDeleting] = useState<CategoryView | null>(null)

  const caseCounts = useMemo(() => {
    const counts = new Map<number, number>()
    for (const item of bank.cases) counts.set(item.category.id, (counts.get(item.category.id) ?? 0) + 1)
    return counts
  }, [bank.cases])

  const needle = search.trim().toLowerCase()
  const shown = bank.categories.filter((category) => category.name.toLowerCase().includes(needle))

  const confirmDelete = async () => {
    if (!deleting) return
    await deleteCategory(deleting.id)
    bank.removeCategory(deleting.id)
    setDeleting(null)
  }

  return (
    <section aria-labelledby="categories-heading">
      <PanelHeader>
        <h2 id="categories-heading">Categories</h2>
      </PanelHeader>
      <AddCategoryForm onAdded={bank.putCategory} />
      <SearchBox label="Search categories" value={search} onChange={setSearch} />
      <Count role="status">
        {needle ? `Showing ${shown.length} of ${bank.categories.length} categories` : `${bank.categories.length} ${bank.categories.length === 1 ? 'category' : 'categories'}`}
      </Count>
      {shown.length === 0 ? (
        <EmptyState>{needle ? 'No categories match your search.' : 'No categories yet.'}</EmptyState>
      ) : (
        <TableScroll>
          <Table $minWidth="420px">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Cases</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((category) => (
                <CategoryRow key={category.id} category={category} caseCount={caseCounts.get(category.id) ?? 0} onRenamed={bank.putCategory} onDelete={setDeleting} />
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete category?"
          confirmLabel="Delete Category"
          danger
          failureMessage="Failed to delete category. Please try again."
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          Delete the category <strong>{deleting.name}</strong>? A category that still has cases cannot be deleted.
        </ConfirmDialog>
      )}
    </section>
  )
}
