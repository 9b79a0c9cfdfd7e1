import styled from 'styled-components'
import type { TopicChoice } from '../room/room-state.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button, ButtonLink } from '../../components/Button.tsx'
import { Dialog } from '../Dialog.tsx'

/**
 * Every case of the topic has been played. The doctor picks the next topic (or ends the session when none is
 * left); everyone else waits for the doctor's choice, which closes the dialog for all (a new case arrives).
 */
export function TopicDialog({
  choice,
  mayChoose,
  mayEnd,
  busy,
  error,
  onSelect,
  onEnd,
}: {
  choice: TopicChoice | null
  /** The doctor's choice of the next topic, and their end of the session (capabilities.ts). */
  mayChoose: boolean
  mayEnd: boolean
  busy: boolean
  error: string | null
  onSelect: (topic: string) => void
  onEnd: () => void
}) {
  const topics = choice?.availableTopics ?? []
  return (
    <Dialog
      open={choice !== null}
      title="Topic Completed"
      mandatory
      actions={
        mayEnd ? (
          <>
            {topics.length === 0 && (
              <ButtonLink href="/dashboard" $variant="secondary">
                Back to Dashboard
              </ButtonLink>
            )}
            <Button type="button" $variant="secondary" onClick={onEnd} disabled={busy}>
              End Session
            </Button>
          </>
        ) : (
          <ButtonLink href="/dashboard" $variant="secondary">
            Back to Dashboard
          </ButtonLink>
        )
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      <p>You have completed every case in {choice?.completedTopic ?? 'this topic'}.</p>
      {mayChoose ? (
        topics.length > 0 ? (
          <>
            <p>Choose the next topic:</p>
            <Topics>
              {topics.map((topic) => (
                <li key={topic}>
                  <Button type="button" onClick={() => onSelect(topic)} disabled={busy}>
                    {topic}
                  </Button>
                </li>
              ))}
            </Topics>
          </>
        ) : (
          <p>No other topics have cases left.</p>
        )
      ) : (
        <p role="status">Waiting for the doctor to choose the next topic…</p>
      )}
    </Dialog>
  )
}

const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`
