import { useState } from 'react'
import styled from 'styled-components'
import { sessionContracts } from '../../../schemas/api/sessions.ts'
import type { TimelineEntry } from '../../../schemas/session-wire.ts'
import { call, errorMessage } from '../../api/client.ts'
import { timeFor } from '../../board/times.ts'
import { Alert } from '../../components/Alert.tsx'
import { theme } from '../../theme.ts'

/** "ParticipantJoined" as a reader says it: "Participant joined". */
const typeInWords = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * A reported session's event log (the admins' timeline route), read the first time the disclosure is opened: each
 * event's time, what happened and who did it, so the admin weighs a report against what the session recorded.
 */
export function SessionEventLog({ code, zone }: { code: string; zone: string }) {
  const [events, setEvents] = useState<TimelineEntry[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const load = async () => {
    setFailure(null)
    try {
      setEvents(await call(sessionContracts.timeline, { params: { code } }))
    } catch (error) {
      setFailure(errorMessage(error, 'The event log could not be loaded. Close and open it again to retry.'))
    }
  }

  return (
    <Disclosure onToggle={(event) => event.currentTarget.open && events === null && void load()}>
      <summary>Show the session&apos;s event log</summary>
      {failure && <Alert tone="error">{failure}</Alert>}
      {events === null && !failure && <p role="status">Loading the event log…</p>}
      {events?.length === 0 && <p>The log holds no events.</p>}
      {events && events.length > 0 && (
        <Table>
          <caption>Events of session {code}, in order</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.version}>
                <td>
                  <time dateTime={event.at}>{timeFor(event.at, zone, { length: 'short' })}</time>
                </td>
                <td>{typeInWords(event.type)}</td>
                <td>{event.actor ? `${event.actor.name} (#${event.actor.id})` : 'The session clock'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Disclosure>
  )
}

const Disclosure = styled.details`
  margin: 8px 0;
  summary {
    cursor: pointer;
    min-height: 44px;
    display: flex;
    align-items: center;
    font-weight: 600;
    color: ${theme.color.primary};
  }
  summary:focus-visible {
    outline: 2px solid ${theme.color.primary};
    outline-offset: 2px;
  }
`

/** Scrolls sideways inside itself at 360 px rather than widening the page. */
const Table = styled.table`
  display: block;
  overflow-x: auto;
  max-height: 320px;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption { text-align: left; color: ${theme.color.muted}; padding-bottom: 4px; }
  th, td { text-align: left; padding: 4px 12px 4px 0; border-bottom: 1px solid ${theme.color.border}; vertical-align: top; }
  td:first-child { white-space: nowrap; }
`
