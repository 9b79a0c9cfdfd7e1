import { useCallback, useEffect, useState } from 'react'
import styled from 'styled-components'
import type { contactContracts } from '../../../schemas/api/contact.ts'
import type { AnswerOut } from '../../../schemas/api/contract.ts'
import type { ContactMessageView } from '../../../schemas/contact.ts'
import { errorMessage } from '../../api/client.ts'
import { contactApi } from '../../api/contact.ts'
import { timeFor, useTimeZone } from '../../board/times.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { ToggleButton } from '../../components/ToggleButton.tsx'
import { theme } from '../../theme.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'

type Show = 'waiting' | 'all'

/** The contact inbox: what visitors sent from the landing, newest first, answered by email and marked so. */
export function MessagesTab() {
  const [show, setShow] = useState<Show>('waiting')
  const { zone } = useTimeZone()
  const [inbox, setInbox] = useState<AnswerOut<typeof contactContracts.messages> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<ContactMessageView | null>(null)

  const load = useCallback(async () => {
    try {
      setInbox(await contactApi.messages(show))
      setError(null)
    } catch (failure) {
      setError(errorMessage(failure, 'Could not load the messages'))
    }
  }, [show])
  useEffect(() => void load(), [load])

  const act = async (action: () => Promise<{ message: string }>) => {
    setDone(null)
    try {
      setDone((await action()).message)
      setError(null)
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work. Please try again.'))
    }
    await load()
  }

  const confirmDelete = async () => {
    if (!deleting) return
    const answer = await contactApi.remove(deleting.id)
    setDeleting(null)
    setDone(answer.message)
    await load()
  }

  return (
    <section aria-label="Contact messages">
      <Filters role="group" aria-label="Which messages">
        <ToggleButton type="button" pressed={show === 'waiting'} onClick={() => setShow('waiting')}>
          Waiting{inbox ? ` (${inbox.waiting})` : ''}
        </ToggleButton>
        <ToggleButton type="button" pressed={show === 'all'} onClick={() => setShow('all')}>
          All messages
        </ToggleButton>
      </Filters>
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      {inbox === null ? (
        !error && <p role="status">Loading the messages...</p>
      ) : inbox.messages.length === 0 ? (
        <p>{show === 'waiting' ? 'No message is waiting for an answer.' : 'No messages.'}</p>
      ) : (
        <List>
          {inbox.messages.map((message) => (
            <Message key={message.id} aria-labelledby={`contact-${message.id}`}>
              <h2 id={`contact-${message.id}`}>
                {message.name} <Muted>&lt;{message.email}&gt;</Muted>
              </h2>
              <Muted as="p">
                Received {timeFor(message.receivedAt, zone, { length: 'short' })}
                {message.handledAt && message.handledBy && ` · answered by ${message.handledBy}`}
              </Muted>
              <Text>{message.message}</Text>
              <Actions>
                <a href={`mailto:${message.email}?subject=${encodeURIComponent('Re: your message to PLAB Practice')}`}>Reply by email</a>
                <Button type="button" $variant="secondary" onClick={() => void act(() => contactApi.setHandled(message.id, !message.handledAt))}>
                  {message.handledAt ? 'Mark as waiting' : 'Mark as answered'}
                </Button>
                <Button type="button" $variant="secondary" onClick={() => setDeleting(message)} aria-label={`Delete the message from ${message.name}`}>
                  Delete
                </Button>
              </Actions>
            </Message>
          ))}
        </List>
      )}
      {deleting && (
        <ConfirmDialog title="Delete message?" confirmLabel="Delete Message" danger failureMessage="Failed to delete the message" onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
          <p>The message from {deleting.name} and their address leave the inbox for good.</p>
        </ConfirmDialog>
      )}
    </section>
  )
}

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 16px;
`

const List = styled.div`
  display: grid;
  gap: 16px;
`

const Message = styled.article`
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  padding: 16px;
  overflow-wrap: anywhere;
  h2 { font-size: 1rem; margin: 0 0 4px; }
`

const Muted = styled.span`
  color: ${theme.color.muted};
  font-weight: normal;
  margin: 0;
`

const Text = styled.p`
  white-space: pre-wrap;
  margin: 12px 0;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`
