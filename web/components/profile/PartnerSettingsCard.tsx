import { useEffect, useId, useState } from 'react'
import type { PartnerProfile } from '../../../schemas/board.ts'
import { boardApi } from '../../api/board.ts'
import { errorMessage } from '../../api/client.ts'
import { detectedTimeZone, knownTimeZones } from '../../board/times.ts'
import { Alert } from '../Alert.tsx'
import { Button } from '../Button.tsx'
import { Card } from '../Card.tsx'
import { useTimedMessage } from '../useTimedMessage.ts'
import { CheckRow, StackedField } from '../../forms/StackedField.ts'

/**
 * What Find Partners shows of the user: exam month and time zone (detected from the browser until they choose),
 * or nothing at all when they hide from the board.
 */
export function PartnerSettingsCard() {
  const ids = { month: useId(), zone: useId() }
  const [settings, setSettings] = useState<PartnerProfile | null>(null)
  const [detected, setDetected] = useState(false)
  const [pending, setPending] = useState(false)
  const { message, show, clear } = useTimedMessage()

  useEffect(() => {
    boardApi.profile().then(
      (profile) => {
        setDetected(profile.timeZone === null)
        setSettings({ ...profile, timeZone: profile.timeZone ?? detectedTimeZone() })
      },
      (failure) => show('error', errorMessage(failure, 'Could not load your partner settings')),
    )
  }, [show])

  if (!settings) return null
  const change = (patch: Partial<PartnerProfile>) => setSettings({ ...settings, ...patch })

  const save = async () => {
    clear()
    setPending(true)
    try {
      const answer = await boardApi.saveProfile(settings)
      setSettings(answer.profile)
      setDetected(false)
      show('success', answer.message)
    } catch (failure) {
      show('error', errorMessage(failure, 'Could not save your partner settings'))
    } finally {
      setPending(false)
    }
  }

  return (
    <Card aria-labelledby="partner-settings-heading">
      <h2 id="partner-settings-heading">Find Partners</h2>
      <p>Other candidates see your name, exam month and time zone on the board; never your email.</p>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <form onSubmit={(event) => (event.preventDefault(), void save())} aria-label="Find Partners settings">
        <StackedField>
          <label htmlFor={ids.month}>Exam month (optional)</label>
          <input id={ids.month} type="month" value={settings.examMonth ?? ''} onChange={(event) => change({ examMonth: event.target.value || null })} />
        </StackedField>
        <StackedField>
          <label htmlFor={ids.zone}>Time zone{detected && ' (detected from this browser)'}</label>
          <select id={ids.zone} value={settings.timeZone ?? ''} onChange={(event) => change({ timeZone: event.target.value })}>
            {knownTimeZones(settings.timeZone ?? detectedTimeZone()).map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>
        </StackedField>
        <CheckRow>
          <input type="checkbox" checked={settings.hiddenFromBoard} onChange={(event) => change({ hiddenFromBoard: event.target.checked })} />
          Hide me from the board (my listings are not shown)
        </CheckRow>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save partner settings'}
        </Button>
      </form>
    </Card>
  )
}
