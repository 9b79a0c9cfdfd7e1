import { useId, useState } from 'react'
import styled from 'styled-components'
import { SUSPENSION_REASON_MAX, SuspensionBody, type AdminUserView } from '../../../schemas/api/admin.ts'
import { instantOfWallTime, wallTimeIn } from '../../../schemas/time-zones.ts'
import { validate, type FieldErrors } from '../../../schemas/validate.ts'
import { suspendUser } from '../../api/admin.ts'
import { ApiError, errorMessage } from '../../api/client.ts'
import { detectedTimeZone } from '../../board/times.ts'
import { Alert } from '../../components/Alert.tsx'
import { BusyButton, Button } from '../../components/Button.tsx'
import { ChoiceRow } from '../../forms/ChoiceRow.tsx'
import { StackedField } from '../../forms/StackedField.ts'
import { ErrorText, Hint } from '../../forms/TextField.tsx'
import { Actions } from '../ConfirmDialog.tsx'
import { Modal } from '../Modal.tsx'

const DAY_MS = 24 * 60 * 60 * 1000

const LENGTHS = [
  { value: 'WEEK', label: 'For 7 days', days: 7 },
  { value: 'MONTH', label: 'For 30 days', days: 30 },
  { value: 'DATE', label: 'Until a date' },
  { value: 'GOOD', label: 'For good' },
] as const
type Length = (typeof LENGTHS)[number]['value']

/** The end the admin chose, as the request's `until` (null: for good), or what is wrong with the date typed. */
function chosenEnd(length: Length, wallTime: string, zone: string): { until: string | null } | { problem: string } {
  const choice = LENGTHS.find((option) => option.value === length)!
  if (choice.value === 'GOOD') return { until: null }
  if ('days' in choice) return { until: new Date(Date.now() + choice.days * DAY_MS).toISOString() }
  const at = wallTime ? instantOfWallTime(wallTime, zone) : null
  if (at === null) return { problem: 'Choose the date and time the suspension ends' }
  if (at <= Date.now()) return { problem: 'Choose a time to come' }
  return { until: new Date(at).toISOString() }
}

interface SuspendDialogProps {
  user: AdminUserView
  onSuspended: () => void
  onCancel: () => void
}

/**
 * Suspends an account for a time or for good, with a reason its owner is shown when signing in. The server ends
 * their listings and sessions and closes their live connections; on a refusal everything typed stays here.
 */
export function SuspendDialog({ user, onSuspended, onCancel }: SuspendDialogProps) {
  const id = useId()
  const zone = detectedTimeZone()
  const [length, setLength] = useState<Length>('WEEK')
  const [wallTime, setWallTime] = useState('')
  const [reason, setReason] = useState('')
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const save = async () => {
    setError(null)
    const end = chosenEnd(length, wallTime, zone)
    const checked = validate(SuspensionBody, { until: 'until' in end ? end.until : null, reason })
    const errors = { ...(checked.ok ? {} : checked.errors), ...('problem' in end ? { until: end.problem } : {}) }
    setFieldErrors(errors)
    if (!checked.ok || 'problem' in end) return
    setSaving(true)
    try {
      await suspendUser(user.id, checked.value)
      onSuspended()
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to suspend the account'))
      if (failure instanceof ApiError && failure.validationErrors) setFieldErrors(failure.validationErrors)
      setSaving(false)
    }
  }

  return (
    <Modal title="Suspend account" onRequestClose={onCancel}>
      {error && <Alert tone="error">{error}</Alert>}
      <p>
        While <strong>{user.name}</strong> ({user.email}) is suspended they cannot sign in. Their listings on Find Partners are cancelled, the sessions
        they host end, they leave the others, and their live connections close. Lifting the suspension later restores none of these.
      </p>
      <Lengths aria-describedby={fieldErrors.until ? `${id}-until-error` : undefined}>
        <legend>How long</legend>
        {LENGTHS.map((option) => (
          <label key={option.value}>
            <input type="radio" name={`${id}-length`} value={option.value} checked={length === option.value} onChange={() => setLength(option.value)} />
            {option.label}
          </label>
        ))}
      </Lengths>
      {length === 'DATE' && (
        <StackedField>
          <label htmlFor={`${id}-until`}>Suspended until (your time, {zone})</label>
          <input
            id={`${id}-until`}
            type="datetime-local"
            value={wallTime}
            min={wallTimeIn(Date.now(), zone)}
            aria-invalid={fieldErrors.until ? true : undefined}
            aria-describedby={fieldErrors.until ? `${id}-until-error` : undefined}
            onChange={(event) => setWallTime(event.target.value)}
          />
        </StackedField>
      )}
      {fieldErrors.until && <ErrorText id={`${id}-until-error`}>{fieldErrors.until}</ErrorText>}
      <StackedField>
        <label htmlFor={`${id}-reason`}>Reason (shown to them when they try to sign in)</label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          value={reason}
          maxLength={SUSPENSION_REASON_MAX}
          aria-required
          aria-invalid={fieldErrors.reason ? true : undefined}
          aria-describedby={`${id}-reason-hint${fieldErrors.reason ? ` ${id}-reason-error` : ''}`}
          onChange={(event) => setReason(event.target.value)}
        />
        <Hint id={`${id}-reason-hint`}>
          {reason.length} of {SUSPENSION_REASON_MAX} characters
        </Hint>
        {fieldErrors.reason && <ErrorText id={`${id}-reason-error`}>{fieldErrors.reason}</ErrorText>}
      </StackedField>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <BusyButton type="button" $variant="danger" onClick={save} busy={saving}>
          {saving ? 'Suspending...' : 'Suspend Account'}
        </BusyButton>
      </Actions>
    </Modal>
  )
}

const Lengths = styled(ChoiceRow)`
  margin-bottom: 12px;
`
