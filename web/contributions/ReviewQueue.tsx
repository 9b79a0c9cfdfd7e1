import styled from 'styled-components'
import { Link } from 'wouter'
import { EmptyState } from '../admin/controls.tsx'
import { contributionsApi } from '../api/contributions.ts'
import { Alert } from '../components/Alert.tsx'
import { theme } from '../theme.ts'
import { ContributionList } from './contribution-style.ts'
import { useLoadedOnce } from './useContribution.ts'

/** The cases candidates submitted: waiting for review first, the longest waiting at the top; then those back with their author. */
export function ReviewQueue() {
  const { value: queue, failure } = useLoadedOnce(contributionsApi.queue, 'The contributed cases could not be loaded. Please reload the page.')

  return (
    <section aria-labelledby="review-queue-heading">
      <h2 id="review-queue-heading">Contributed cases</h2>
      <p>Open a case to read it as each role will, then comment, ask its author for changes, or approve it into the bank.</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      {queue === null && !failure && <p role="status">Loading the contributed cases…</p>}
      {queue?.length === 0 && <EmptyState>No contributed case is waiting for review.</EmptyState>}
      {queue && queue.length > 0 && (
        <ContributionList aria-label="Contributed cases">
          {queue.map((item) => (
            <li key={item.id}>
              <Link href={`/review/contributions/${item.id}`}>{item.title || 'Untitled case'}</Link>
              <span>
                {item.topic ?? 'No topic'}, by {item.authorName}
              </span>
              <Waiting $forAuthor={item.state === 'CHANGES_REQUESTED'}>
                {item.state === 'SUBMITTED' ? 'Waiting for review, submitted ' : 'Changes requested: waiting for its author. Submitted '}
                <time dateTime={item.submittedAt}>{new Date(item.submittedAt).toLocaleString()}</time>
              </Waiting>
            </li>
          ))}
        </ContributionList>
      )}
    </section>
  )
}

const Waiting = styled.span<{ $forAuthor: boolean }>`
  color: ${({ $forAuthor }) => ($forAuthor ? theme.color.muted : theme.color.text)};
  font-size: 0.9rem;
`
