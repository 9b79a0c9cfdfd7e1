import styled from 'styled-components'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { timeFor, useShownZone } from '../board/times.ts'
import { RoleBadge } from '../session/RoleBadge.tsx'
import { theme } from '../theme.ts'
import { CriterionScores } from './CriterionScores.tsx'
import { StationList } from './StationList.tsx'
import { StationResult } from './StationResult.tsx'

/**
 * Feedback other participants gave the user, grouped by station with its raters side by side (issue 17), each
 * station folded to its scores out of 12 until opened (issue 29). `openStations` unfolds them all: the list
 * narrowed by a link from the progress page is there to be read.
 */
export function FeedbackReceived({ items, openStations }: { items: FeedbackReceivedItem[]; openStations: boolean }) {
  return (
    <section aria-labelledby="feedback-received-heading">
      <h2 id="feedback-received-heading">Feedback Received</h2>
      {items.length === 0 ? (
        <Muted>No feedback yet. It appears here after you play the doctor in a session.</Muted>
      ) : (
        <StationList
          items={items}
          openStations={openStations}
          renderCard={(item, disagreements) => <FeedbackCard key={item.id} item={item} disagreements={disagreements} />}
        />
      )}
    </section>
  )
}

/** One rater's sheet: the exam's result first, then the mark scheme's scores and the comment. */
function FeedbackCard({ item, disagreements }: { item: FeedbackReceivedItem; disagreements: ReadonlySet<string> }) {
  const zone = useShownZone()
  return (
    <Card aria-label={`Feedback from ${item.fromUser}`}>
      <Meta>
        <strong>From {item.fromUser}</strong>
        <RoleBadge role={item.fromUserRole} />
        <time dateTime={item.timestamp}>{timeFor(item.timestamp, zone)}</time>
      </Meta>
      <StationResult item={item} disagreements={disagreements} />
      <CriterionScores criteria={item.criteriaScores} disagreements={disagreements} />
      {item.comment.trim() && <Comment>“{item.comment}”</Comment>}
    </Card>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`

const Card = styled.li`
  min-width: 0;
  padding: 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
`

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
  strong { color: ${theme.color.text}; overflow-wrap: anywhere; }
`

const Comment = styled.blockquote`
  margin: 12px 0 0;
  padding-left: 12px;
  border-left: 3px solid ${theme.color.border};
  color: ${theme.color.text};
  overflow-wrap: anywhere;
`
