import styled from 'styled-components'
import { Link } from 'wouter'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { formatScore } from '../session/room/feedback-form.ts'
import { RoleBadge } from '../session/RoleBadge.tsx'
import { debriefPath } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'
import { CriterionScores } from './CriterionScores.tsx'
import { BAND_COLOURS, OVERALL_WORDS, maximumOverall, overallBand, type Band } from './score-bands.ts'
import { StationList } from './StationList.tsx'
import { StationResult } from './StationResult.tsx'

/**
 * Feedback other participants gave the user, newest first, with the scores in their bands (SPEC section 9),
 * grouped by station with its raters side by side (issue 17).
 */
export function FeedbackReceived({ items }: { items: FeedbackReceivedItem[] }) {
  return (
    <section aria-labelledby="feedback-received-heading">
      <h2 id="feedback-received-heading">Feedback Received</h2>
      {items.length === 0 ? (
        <Muted>No feedback yet. It appears here after you play the doctor in a session.</Muted>
      ) : (
        <StationList items={items} renderCard={(item, disagreements) => <FeedbackCard key={item.id} item={item} disagreements={disagreements} />} />
      )}
    </section>
  )
}

function FeedbackCard({ item, disagreements }: { item: FeedbackReceivedItem; disagreements: ReadonlySet<string> }) {
  const band = overallBand(item.overallPerformance, item.criteriaScores.length)
  const outOf = maximumOverall(item.criteriaScores.length)
  return (
    <Card aria-label={`Feedback from ${item.fromUser}`}>
      <Top>
        <div>
          <Case>{item.caseTitle}</Case>
          <Meta>
            <span>From {item.fromUser}</span>
            <RoleBadge role={item.fromUserRole} />
            <span>{item.category}</span>
            <span>Round {item.roundNumber}</span>
            <time dateTime={item.timestamp}>{new Date(item.timestamp).toLocaleString()}</time>
          </Meta>
        </div>
        <Overall $band={band} aria-label={`Overall score ${formatScore(item.overallPerformance)} out of ${outOf}, ${OVERALL_WORDS[band]}`}>
          <strong>
            {formatScore(item.overallPerformance)} / {outOf}
          </strong>
          <span>{OVERALL_WORDS[band]}</span>
          {/* Beside the exam's station score, this one says what it adds up. */}
          <small>criteria total</small>
        </Overall>
      </Top>
      <StationResult item={item} disagreements={disagreements} />
      <CriterionScores criteria={item.criteriaScores} disagreements={disagreements} />
      {item.comment.trim() && <Comment>“{item.comment}”</Comment>}
      {item.caseId !== null && (
        <DebriefLink href={debriefPath(item.sessionCode, item.roundNumber)}>
          Open the debrief<span className="visually-hidden">: {item.caseTitle}, round {item.roundNumber}</span>
        </DebriefLink>
      )}
    </Card>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`

const Card = styled.li`
  min-width: 0;
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
`

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 12px;
`

const Case = styled.p`
  margin: 0 0 6px;
  font-weight: 700;
  overflow-wrap: anywhere;
`

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin: 0;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const Overall = styled.p<{ $band: Band }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  margin: 0;
  padding: 8px 14px;
  border-radius: ${theme.radius.small};
  color: ${({ $band }) => BAND_COLOURS[$band].text};
  background: ${({ $band }) => BAND_COLOURS[$band].background};
  strong { font-size: 1.3rem; }
  span { font-size: 0.85rem; font-weight: 600; }
  small { font-size: 0.75rem; }
`



const Comment = styled.blockquote`
  margin: 12px 0 0;
  padding-left: 12px;
  border-left: 3px solid ${theme.color.border};
  color: ${theme.color.text};
  overflow-wrap: anywhere;
`

const DebriefLink = styled(Link)`
  display: inline-block;
  margin-top: 12px;
  font-weight: 600;
`
