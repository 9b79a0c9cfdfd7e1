import { useState } from 'react'
import type { UserView } from '../../../schemas/auth.ts'
import { RoleBody } from '../../../schemas/content.ts'
import { validate } from '../../../schemas/validate.ts'
import { errorMessage } from '../../api/client.ts'
import { changeUserRole } from '../../api/admin.ts'
import { Alert } from '../../components/Alert.tsx'
import { BusyButton, Button } from '../../components/Button.tsx'
import { Actions } from '../ConfirmDialog.tsx'
import { SelectBox } from '../controls.tsx'
import { Modal } from '../Modal.tsx'

const ROLE_CHOICES = [
  { value: '', label: 'Select a role' },
  { value: 'USER', label: 'User' },
  { value: 'ADMIN', label: 'Admin' },
  { value: 'REVIEWER', label: 'Reviewer (reviews contributed cases and problem reports)' },
]

interface ChangeRoleDialogProps {
  user: UserView
  onChanged: () => void
  onCancel: () => void
}

/** A changed role takes effect at the user's next sign-in: the change ends their current one. */
export function ChangeRoleDialog({ user, onChanged, onCancel }: ChangeRoleDialogProps) {
  const [role, setRole] = useState<string>(user.role)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    const checked = validate(RoleBody, { role })
    if (!checked.ok) return setFieldError(checked.errors.role)
    setSaving(true)
    setError(null)
    try {
      await changeUserRole(user.id, checked.value.role)
      onChanged()
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update user role'))
      setSaving(false)
    }
  }

  return (
    <Modal title="Change User Role" onRequestClose={onCancel}>
      {error && <Alert tone="error">{error}</Alert>}
      <p>
        Choose the role of <strong>{user.name}</strong> ({user.email}). They will be asked to sign in again.
      </p>
      <SelectBox
        label="Role"
        value={role}
        onChange={(next) => {
          setRole(next)
          setFieldError(undefined)
        }}
        options={ROLE_CHOICES}
        error={fieldError}
      />
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton type="button" onClick={save} busy={saving}>
          {saving ? 'Saving...' : 'Save Role'}
        </BusyButton>
      </Actions>
    </Modal>
  )
}
