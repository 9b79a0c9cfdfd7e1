import { useEffect, useId, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { MAX_OBSERVER_SEATS, NOTE_MAX, PLAN_AHEAD_DAYS, plannedStartWindow } from '../../schemas/board.ts'
import { instantOfWallTime, wallTimeIn } from '../../schemas/time-zones.ts'
import { boardApi } from '../api/board.ts'
import { errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { ChoiceGroup } from '../session/configure/ChoiceGroup.tsx'
import { theme } from '../theme.ts'
import { configProblem, type ConfigDraft } from '../session/room/config-form.ts'
import { timeFor, useTimeZone } from './times.ts'
import { useListedSettings } from './useListedSettings.ts'
import { CheckRow, StackedField } from '../forms/StackedField.ts'

/**
 * The planned start a datetime-local value means in the user's zone, or what is wrong with it, in words that
 * name the zone's own times (the browser's own message would give its zone's, in its format).
 */
export function plannedStart(wall: string, zone: string, now: number): { startsAt: string } | { problem: string } {
  const at = wall ? instantOfWallTime(wall, zone) : null
  if (at === null) return { problem: 'Choose the date and time of the practice' }
  const limits = plannedStartWindow(now)
  if (at <= limits.after) return { problem: `Choose a time to come: it is now ${timeFor(now, zone)} in ${zone}` }
  if (at > limits.latest) return { problem: `Choose a time at most ${PLAN_AHEAD_DAYS} days ahead: ${timeFor(limits.latest, zone)} at the latest` }
  return { startsAt: new Date(at).toISOString() }
}

/**
 * "List on Find Partners", on the host's configure page: now or at a planned time, the seats wanted, and a
 * short plain-text note. Listing again changes the terms of the same listing. Listing saves the page's
 * settings first, so the board says what the session will be; later changes follow (useListedSettings).
 */
export function ListOnBoard({ code, settings, saveSettings }: { code: string; settings: ConfigDraft; saveSettings: () => Promise<unknown> }) {
  const ids = { when: useId(), whenError: useId(), note: useId(), observers: useId() }
  const { zone } = useTimeZone()
  const [when, setWhen] = useState<'NOW' | 'PLANNED'>('NOW')
  const [at, setAt] = useState('')
  const [patientSeat, setPatientSeat] = useState(true)
  const [observerSeats, setObserverSeats] = useState(1)
  const [note, setNote] = useState('')
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [listedWith, setListedWith] = useState<ConfigDraft | null>(null)
  const settingsStatus = useListedSettings(listedWith, settings, saveSettings)
  const [atProblem, setAtProblem] = useState<string | null>(null)

  // Opened again (a reload, another tab), the page learns that the session is listed, on which terms, so the
  // settings changed from here on still reach the board. The settings it starts from are the saved ones.
  const [firstSettings] = useState(settings)
  useEffect(() => {
    let current = true
    boardApi.listingOf(code).then(
      (listing) => {
        if (!current || !listing) return
        setWhen(listing.startsAt ? 'PLANNED' : 'NOW')
        if (listing.startsAt) setAt(wallTimeIn(Date.parse(listing.startsAt), zone))
        setPatientSeat(listing.patientSeat)
        setObserverSeats(listing.observerSeats)
        setNote(listing.note)
        setListedWith((listed) => listed ?? firstSettings)
        setResult((shown) => shown ?? { tone: 'success', text: 'Listed on Find Partners: listing again changes its terms.' })
      },
      () => undefined, // unread, the form is as for a session not yet listed; listing again changes the same one
    )
    return () => {
      current = false
    }
  }, [code, zone, firstSettings])

  const submit = async () => {
    const settingsProblem = configProblem(settings)
    if (settingsProblem) return setResult({ tone: 'error', text: `Fix the session's settings first: ${settingsProblem}` })
    const planned = when === 'PLANNED' ? plannedStart(at, zone, Date.now()) : null
    if (planned && 'problem' in planned) return setAtProblem(planned.problem)
    const startsAt = planned?.startsAt ?? null
    setAtProblem(null)
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
  const limits = plannedStartWindow(now)
  return (
    // noValidate: the date's limits are checked by submit, with a message in the user's zone, not the browser's.
    <Form noValidate onSubmit={(event) => (event.preventDefault(), void submit())} aria-label="List on Find Partners">
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
          <label htmlFor={ids.when}>
            Date and time in {zone} (at most {PLAN_AHEAD_DAYS} days ahead)
          </label>
          <input
            id={ids.when}
            type="datetime-local"
            value={at}
            min={wallTimeIn(limits.after, zone)}
            max={wallTimeIn(limits.latest, zone)}
            aria-invalid={atProblem ? true : undefined}
            aria-describedby={atProblem ? ids.whenError : undefined}
            onChange={(event) => setAt(event.target.value)}
          />
          {atProblem && (
            <FieldError id={ids.whenError} role="alert">
              {atProblem}
            </FieldError>
          )}
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

const FieldError = styled.span`
  color: ${theme.color.danger};
  font-weight: 600;
`

const Count = styled.span`
  color: ${theme.color.muted};
  font-size: 0.85rem;
`
