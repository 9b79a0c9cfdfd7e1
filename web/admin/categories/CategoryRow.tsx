import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { CategoryBody, type CategoryView } from '../../../schemas/content.ts'
import { errorMessage } from '../../api/client.ts'
import { renameCategory } from '../../api/content.ts'
import { TextField } from '../../forms/TextField.tsx'
import { useForm } from '../../forms/useForm.ts'
import { RowActions, SmallButton } from '../controls.tsx'

interface CategoryRowProps {
  category: CategoryView
  caseCount: number
  onRenamed: (category: CategoryView) => void
  onDelete: (category: CategoryView) => void
}

/** A table row that turns into its own little form while the name is edited (Escape cancels). */
export function CategoryRow({ category, caseCount, onRenamed, onDelete }: CategoryRowProps) {
  const [editing, setEditing] = useState(false)
  const form = useForm(CategoryBody, { name: category.name })
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)

  // Back to the Edit button once the row is a row again, so a keyboard user is where they started.
  useEffect(() => {
    if (!editing && wasEditing.current) editButtonRef.current?.focus()
    wasEditing.current = editing
  }, [editing])
  const stopEditing = () => setEditing(false)

  const startEditing = () => {
    form.reset({ name: category.name })
    setEditing(true)
  }

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      onRenamed(await renameCategory(category.id, name))
      stopEditing()
    } catch (failure) {
      form.setServerErrors({ name: errorMessage(failure, 'Failed to update category. Please try again.') })
    }
  })

  const cases = `${caseCount} ${caseCount === 1 ? 'case' : 'cases'}`
  if (!editing) {
    return (
      <tr>
        <td>{category.name}</td>
        <td>{cases}</td>
        <td>
          <RowActions>
            <SmallButton ref={editButtonRef} type="button" $variant="secondary" onClick={startEditing} aria-label={`Edit ${category.name}`}>
              Edit
            </SmallButton>
            <SmallButton type="button" $variant="secondary" onClick={() => onDelete(category)} aria-label={`Delete ${category.name}`}>
              Delete
            </SmallButton>
          </RowActions>
        </td>
      </tr>
    )
  }
  return (
    <tr>
      <td colSpan={3}>
        <EditForm
          ref={form.formRef}
          onSubmit={onSubmit}
          noValidate
          aria-label={`Rename ${category.name}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') stopEditing()
          }}
        >
          <TextField form={form} name="name" label={`New name for ${category.name}`} autoComplete="off" autoFocus />
          <RowActions>
            <SmallButton type="submit" disabled={form.pending}>
              {form.pending ? 'Saving...' : 'Save'}
            </SmallButton>
            <SmallButton type="button" $variant="secondary" onClick={stopEditing}>
              Cancel
            </SmallButton>
          </RowActions>
          <span>{cases}</span>
        </EditForm>
      </td>
    </tr>
  )
}

const EditForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0 12px;
  > div:first-child { flex: 1 1 220px; margin: 0; }
`
