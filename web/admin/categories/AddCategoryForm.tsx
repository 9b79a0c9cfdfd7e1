import { useState } from 'react'
import styled from 'styled-components'
import { CategoryBody, type CategoryView } from '../../../schemas/content.ts'
import { errorMessage } from '../../api/client.ts'
import { createCategory } from '../../api/content.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { TextField } from '../../forms/TextField.tsx'
import { useForm } from '../../forms/useForm.ts'

/** One field and a button: a category is only a name. */
export function AddCategoryForm({ onAdded }: { onAdded: (category: CategoryView) => void }) {
  const form = useForm(CategoryBody, { name: '' })
  const [added, setAdded] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setAdded(null)
    try {
      const category = await createCategory(name)
      onAdded(category)
      form.reset()
      setAdded(`Category "${category.name}" added.`)
    } catch (failure) {
      // "already exists" and the like belong to the field, where the admin is looking.
      form.setServerErrors({ name: errorMessage(failure, 'Failed to add category. Please try again.') })
    }
  })

  return (
    <>
      {added && <Alert tone="success">{added}</Alert>}
      <Row ref={form.formRef} onSubmit={onSubmit} noValidate aria-label="Add category">
        <TextField form={form} name="name" label="New category name" autoComplete="off" />
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Adding...' : 'Add Category'}
        </Button>
      </Row>
    </>
  )
}

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 12px;
  > div { flex: 1 1 240px; }
  > button { margin-top: 28px; margin-bottom: 16px; }
  @media (max-width: 520px) {
    > button { margin-top: 0; }
  }
`
