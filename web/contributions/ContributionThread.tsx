import styled from 'styled-components'
import type { ThreadEntry } from '../../schemas/contributions/contribution-wire.ts'
import { theme } from '../theme.ts'

const WHAT: Record<ThreadEntry['kind'], string> = {
  SUBMITTED: 'submitted the case',
  COMMENT: 'commented',
  CHANGES_REQUESTED: 'asked for changes',
  APPROVED: 'approved the case',
}

/** The review's conversation, oldest first: who did what when, and what they wrote. */
export function ContributionThread({ thread }: { thread: ThreadEntry[] }) {
  return (
    <section aria-labelledby="contribution-thread-heading">
      <h2 id="contribution-thread-heading">Review history</h2>
      {thread.length === 0 ? (
        <p>Nothing yet: the review starts when the case is submitted.</p>
      ) : (
        <Entries aria-label="Review history">
          {thread.map((entry, index) => (
            <Entry key={index} $kind={entry.kind}>
              <p>
                <strong>{entry.by}</strong> {WHAT[entry.kind]}, <time dateTime={entry.at}>{new Date(entry.at).toLocaleString()}</time>
              </p>
              {entry.body && <Body>{entry.body}</Body>}
            </Entry>
          ))}
        </Entries>
      )}
    </section>
  )
}

const Entries = styled.ol`
  margin: 0 0 24px;
  padding: 0;
  list-style: none;
`

const Entry = styled.li<{ $kind: ThreadEntry['kind'] }>`
  margin-bottom: 10px;
  padding: 10px 14px;
  border-left: 4px solid ${({ $kind }) => ($kind === 'CHANGES_REQUESTED' ? theme.color.warning : $kind === 'APPROVED' ? theme.color.success : theme.color.border)};
  background: ${theme.color.surface};
  border-radius: ${theme.radius.small};
  p { margin: 0; }
`

const Body = styled.p`
  && { margin-top: 6px; }
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`
