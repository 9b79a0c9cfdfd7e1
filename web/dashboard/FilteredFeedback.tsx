import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import { Link, useSearch } from 'wouter'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { theme } from '../theme.ts'
import { FeedbackReceived } from './FeedbackReceived.tsx'
import { applyFeedbackFilter, describeFeedbackFilter, FEEDBACK_LIST_ID, readFeedbackFilter } from './feedback-filter.ts'

/** The feedback list, narrowed when the address names a filter (a link from the progress page), with a way back. */
export function FilteredFeedback({ items }: { items: FeedbackReceivedItem[] }) {
  const filter = readFeedbackFilter(useSearch())
  const notice = useRef<HTMLParagraphElement>(null)
  const shown = applyFeedbackFilter(items, filter, Date.now())
  const filtered = filter !== null

  // Arriving from a link, the reader wants the cards, not the top of the dashboard.
  useEffect(() => {
    if (filtered) notice.current?.scrollIntoView({ block: 'start' })
  }, [filtered])

  return (
    <div id={FEEDBACK_LIST_ID}>
      {filter && (
        <Notice ref={notice} role="status">
          Showing {shown.length} of {items.length} feedback cards {describeFeedbackFilter(filter)}. <Link href="/dashboard">Show all feedback</Link>
        </Notice>
      )}
      <FeedbackReceived items={shown} openStations={filtered} />
    </div>
  )
}

const Notice = styled.p`
  margin: 16px 0 0;
  padding: 10px 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  overflow-wrap: anywhere;
`
