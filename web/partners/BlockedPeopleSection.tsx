import { useEffect, useState } from 'react'
import styled from 'styled-components'
import type { BlockedPerson } from '../../schemas/partners/safety.ts'
import { errorMessage } from '../api/client.ts'
import { safetyApi } from '../api/safety.ts'
import { dateFor } from '../board/times.ts'
import { Alert } from '../components/Alert.tsx'
import { BusyButton } from '../components/Button.tsx'
import { theme } from '../theme.ts'

/**
 * "Blocked people" on My partners: whom I blocked, and "Unblock". Read again when `refreshKey` changes (a block
 * made elsewhere on the page); `onUnblocked` lets the page read its other lists again.
 */
export function BlockedPeopleSection(props: { zone: string; refreshKey: number; onUnblocked(): void }) {
  const [blocked, setBlocked] = useState<BlockedPerson[] | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState<number | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    safetyApi.blocked(controller.signal).then(
      (read) => {
        setBlocked(read)
        setFailure(null)
      },
      (error) => !controller.signal.aborted && setFailure(errorMessage(error, 'The people you blocked could not be loaded. Please reload the page.')),
    )
    return () => controller.abort()
  }, [props.refreshKey])

  const unblock = async (person: BlockedPerson) => {
    setBusy(person.userId)
    setNotice(null)
    setFailure(null)
    try {
      await safetyApi.unblock(person.userId)
      setBlocked((list) => list?.filter((other) => other.userId !== person.userId) ?? null)
      setNotice(`${person.name} is unblocked.`)
      props.onUnblocked()
    } catch (error) {
      setFailure(errorMessage(error, 'Could not unblock. Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">Blocked people</h2>
      <Muted>You do not see each other on Find Partners, and neither of you can join a session the other is in. They are not told.</Muted>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div role="status">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {blocked === null && !failure && <p role="status">Loading…</p>}
      {blocked?.length === 0 && <p>You have not blocked anyone.</p>}
      {blocked && blocked.length > 0 && (
        <List aria-label="Blocked people">
          {blocked.map((person) => (
            <Row key={person.userId}>
              <span id={`blocked-${person.userId}`}>
                <strong>{person.name}</strong> <Muted as="span">blocked on {dateFor(person.blockedAt, props.zone)}</Muted>
              </span>
              <BusyButton type="button" $variant="secondary" busy={busy === person.userId} onClick={() => void unblock(person)} aria-describedby={`blocked-${person.userId}`}>
                {busy === person.userId ? 'Unblocking…' : 'Unblock'}
              </BusyButton>
            </Row>
          ))}
        </List>
      )}
    </section>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`

const List = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0 0 24px;
  padding: 0;
`

const Row = styled.li`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  padding: 12px 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  overflow-wrap: anywhere;
`
