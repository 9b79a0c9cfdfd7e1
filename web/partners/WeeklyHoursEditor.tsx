import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { WEEKDAYS, type HoursStretch } from '../../schemas/partners/availability.ts'
import type { FieldErrors } from '../../schemas/validate.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { availabilityApi } from '../api/availability.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { theme } from '../theme.ts'
import { addedStretch, END_TIMES, forgetHours, keepHours, keptHours, rowProblem, sameHours, START_TIMES } from './hours-draft.ts'

/**
 * "My free hours" (issue 36): the times each week the candidate is usually free, in their own time zone, edited
 * day by day and saved as a whole week. What is being edited is kept in this tab until saved, so a reload or a
 * refused save loses nothing; the server's messages name the row they are about.
 */
export function WeeklyHoursEditor({ zone, onSaved }: { zone: string | null | undefined; onSaved(): void }) {
  const userId = useAuth().user?.id ?? 0
  const [saved, setSaved] = useState<HoursStretch[] | null>(null)
  const [draft, setDraft] = useState<HoursStretch[]>([])
  const [errors, setErrors] = useState<FieldErrors>({})
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [pending, setPending] = useState(false)
  const [focusId, setFocusId] = useState<string | null>(null)

  useEffect(() => {
    availabilityApi.hours().then(
      (hours) => {
        setSaved(hours)
        const kept = keptHours(userId)
        setDraft(kept ?? hours)
        if (kept && !sameHours(kept, hours)) setNotice({ tone: 'success', text: 'Your unsaved changes were kept: save them to use them.' })
      },
      (failure) => setNotice({ tone: 'error', text: errorMessage(failure, 'Could not load your free hours') }),
    )
  }, [userId])

  // Focus follows an added row to its first picker, and a removed row's focus goes to its day's "Add" button.
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus()
    setFocusId(null)
  }, [focusId])

  if (saved === null) return notice ? <Alert tone="error">{notice.text}</Alert> : <p role="status">Loading your free hours…</p>
  const dirty = !sameHours(draft, saved)

  const edit = (next: HoursStretch[]) => {
    setDraft(next)
    setErrors({})
    if (sameHours(next, saved)) forgetHours(userId)
    else keepHours(userId, next)
  }
  const change = (index: number, patch: Partial<HoursStretch>) => edit(draft.map((stretch, i) => (i === index ? { ...stretch, ...patch } : stretch)))
  const add = (weekday: number) => {
    edit([...draft, addedStretch(draft, weekday)])
    setFocusId(`hours-${draft.length}-start`)
  }
  const remove = (index: number) => {
    const weekday = draft[index].weekday
    edit(draft.filter((_, i) => i !== index))
    setFocusId(`hours-add-${weekday}`)
  }

  const save = async () => {
    setPending(true)
    setNotice(null)
    try {
      const answer = await availabilityApi.saveHours(draft)
      setSaved(answer.hours)
      setDraft(answer.hours)
      forgetHours(userId)
      setNotice({ tone: 'success', text: answer.message })
      onSaved()
    } catch (failure) {
      setErrors(failure instanceof ApiError ? (failure.validationErrors ?? {}) : {})
      setNotice({ tone: 'error', text: errorMessage(failure, 'Could not save your free hours. Your changes are kept here: try again.') })
    } finally {
      setPending(false)
    }
  }

  return (
    <section aria-labelledby="free-hours-heading">
      <h2 id="free-hours-heading">My free hours</h2>
      <Muted>
        When you are usually free each week
        {zone ? `, in your time zone (${zone}).` : '.'} Candidates whose hours overlap yours are listed under "Partners free when I am".
      </Muted>
      {zone === null && (
        <Muted>
          Your hours are read in the time zone of your <Link href="/profile">partner settings</Link>, which you have not set yet.
        </Muted>
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <form onSubmit={(event) => (event.preventDefault(), void save())} aria-label="My free hours">
        {WEEKDAYS.map((day, weekday) => (
          <Day key={day}>
            <legend>{day}</legend>
            {draft.map((stretch, index) =>
              stretch.weekday !== weekday ? null : (
                <Stretch key={index}>
                  <label htmlFor={`hours-${index}-start`}>From</label>
                  <select id={`hours-${index}-start`} value={stretch.start} aria-invalid={rowProblem(errors, index) ? true : undefined} aria-describedby={rowProblem(errors, index) ? `hours-${index}-problem` : undefined} onChange={(event) => change(index, { start: event.target.value })}>
                    {START_TIMES.map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                  <label htmlFor={`hours-${index}-end`}>to</label>
                  <select id={`hours-${index}-end`} value={stretch.end} aria-invalid={rowProblem(errors, index) ? true : undefined} aria-describedby={rowProblem(errors, index) ? `hours-${index}-problem` : undefined} onChange={(event) => change(index, { end: event.target.value })}>
                    {END_TIMES.map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                  <Button type="button" $variant="secondary" onClick={() => remove(index)} aria-label={`Remove ${day} ${stretch.start} to ${stretch.end}`}>
                    Remove
                  </Button>
                  {rowProblem(errors, index) && <Problem id={`hours-${index}-problem`}>{rowProblem(errors, index)}</Problem>}
                </Stretch>
              ),
            )}
            <Button id={`hours-add-${weekday}`} type="button" $variant="secondary" onClick={() => add(weekday)}>
              Add hours on {day}
            </Button>
          </Day>
        ))}
        <Actions>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save free hours'}
          </Button>
          {dirty && (
            <Button type="button" $variant="secondary" onClick={() => (edit(saved), setNotice(null))}>
              Undo changes
            </Button>
          )}
          <Muted role="status">{dirty ? 'Unsaved changes' : ''}</Muted>
        </Actions>
      </form>
    </section>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
  margin: 0 0 12px;
`

const Day = styled.fieldset`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  margin: 0 0 12px;
  padding: 8px 12px 12px;
  legend { font-weight: 600; padding: 0 4px; }
`

const Stretch = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  select { min-height: 44px; padding: 6px 8px; border: 1px solid ${theme.color.controlBorder}; border-radius: ${theme.radius.small}; background: #fff; }
`

const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${theme.color.danger};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 24px;
  p { margin: 0; }
`
