import { useId, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { MAX_OBSERVER_SEATS, NOTE_MAX, PLAN_AHEAD_DAYS, plannedStartProblem } from '../../schemas/board.ts'
import { boardApi } from '../api/board.ts'
import { errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { ChoiceGroup } from '../session/configure/ChoiceGroup.tsx'
import { theme } from '../theme.ts'
import { configProblem, type ConfigDraft } from '../session/room/config-form.ts'
import { localInputToIso } from './times.ts'
import { useListedSettings } from './useListedSettings.ts'
import { CheckRow, StackedField } from '../forms/StackedField.ts'

/** A datetime-local value for `ms` in this browser's wall time (what the input shows and takes). */
const wallTime = (ms: number) => {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return date.toISOString().slice(0, 16)
}

/**
 * "List on Find Partners", on the host's configure page: now or at a planned time, the seats wanted, and a
 * short plain-text note. Listing again changes the terms of the same listing. Listing saves the page's
 * settings first, so the board says what the session will be; later changes follow (useListedSettings).
 */
export function ListOnBoard({ code, settings, saveSettings }: { code: string; settings: ConfigDraft; saveSettings: () => Promise<unknown> }) {
  const ids = { when: useId(), note: useId(), observers: useId() }
  const [when, setWhen] = useState<'NOW' | 'PLANNED'>('NOW')
  const [at, setAt] = useState('')
  const [patientSeat, setPatientSeat] = useState(true)
  const [observerSeats, setObserverSeats] = useState(1)
  const [note, setNote] = useState('')
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [listedWith, setListedWith] = useState<ConfigDraft | null>(null)
  const settingsStatus = useListedSettings(listedWith, settings, saveSettings)

  const submit = async () => {
    const startsAt = when === 'PLANNED' && at ? localInputToIso(at) : null
    const settingsProblem = configProblem(settings)
    const problem = settingsProblem
      ? `Fix the session's settings first: ${settingsProblem}`
      : when === 'PLANNED' && !at
        ? 'Choose the date and time of the practice'
        : plannedStartProblem(startsAt, Date.now())
    if (problem) return setResult({ tone: 'error', text: problem })
    setPending(true)
    setResult(null)
    try {
      const listedSettings = settings
      await saveSettings()
      const answer = await boardApi.list({ sessionCode: code, startsAt, patientSeat, observerSeats, note })
      setListedWith(listedSettings)
      setResult({ tone: 'success', text: answer.message })
    } catch (failure) {
      setResult({ tone: 'error', text: errorMessage(failure, 'Could not list the session') })
    } finally {
      setPending(false)
    }
  }

  const now = Date.now()
  return (
    <Form onSubmit={(event) => (event.preventDefault(), void submit())} aria-label="List on Find Partners">
      <h2>List on Find Partners</h2>
      <p>Candidates looking for partners see your name, exam month and time zone, never your email.</p>
      <p>Listing saves the settings above, so the board shows your topics and timings; later changes are saved as you make them.</p>
      <ChoiceGroup
        legend="When"
        name="listing-when"
        value={when}
        onChange={setWhen}
        options={[
          { value: 'NOW', label: 'Now' },
          { value: 'PLANNED', label: 'At a planned time' },
        ]}
      />
      {when === 'PLANNED' && (
        <StackedField>
          <label htmlFor={ids.when}>Date and time (your time zone, at most {PLAN_AHEAD_DAYS} days ahead)</label>
          <input id={ids.when} type="datetime-local" value={at} min={wallTime(now)} max={wallTime(now + PLAN_AHEAD_DAYS * 86_400_000)} onChange={(event) => setAt(event.target.value)} />
        </StackedField>
      )}
      <fieldset>
        <legend>Seats wanted</legend>
        <CheckRow>
          <input type="checkbox" checked={patientSeat} onChange={(event) => setPatientSeat(event.target.checked)} />
          Patient
        </CheckRow>
        <StackedField>
          <label htmlFor={ids.observers}>Observers</label>
          <select id={ids.observers} value={observerSeats} onChange={(event) => setObserverSeats(Number(event.target.value))}>
            {Array.from({ length: MAX_OBSERVER_SEATS + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </StackedField>
      </fieldset>
      <StackedField>
        <label htmlFor={ids.note}>Note (optional)</label>
        <textarea id={ids.note} value={note} maxLength={NOTE_MAX} rows={2} onChange={(event) => setNote(event.target.value)} aria-describedby={`${ids.note}-count`} />
        <Count id={`${ids.note}-count`}>
          {note.length}/{NOTE_MAX} characters
        </Count>
      </StackedField>
      {result && (
        <Alert tone={result.tone}>
          {result.text}
          {result.tone === 'success' && (
            <>
              {' '}
              <Link href="/partners">See the board</Link>
            </>
          )}
        </Alert>
      )}
      {settingsStatus && <p role="status">{settingsStatus}</p>}
      <Button type="submit" $variant="secondary" disabled={pending}>
        {pending ? 'Listing…' : 'List on Find Partners'}
      </Button>
    </Form>
  )
}

const Form = styled.form`
  margin-top: 24px;
  padding-top: 16px;
  border-top: 1px solid ${theme.color.border};
  h2 { font-size: 1.2rem; }
  fieldset { border: 0; margin: 0 0 12px; padding: 0; }
  legend { font-weight: 600; margin-bottom: 8px; }
`

const Count = styled.span`
  color: ${theme.color.muted};
  font-size: 0.85rem;
`
