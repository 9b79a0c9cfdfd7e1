import styled from 'styled-components'
import { CHECKLIST_MARK_LABEL } from '../../../schemas/labels.ts'
import { DOMAIN_TEXT } from '../../../schemas/marking.ts'
import { proposalFromMarks, SCORE_OF_MARK } from '../../../schemas/session/station-progress.ts'
import { CHECKLIST_MARKS } from '../../../schemas/session/types.ts'
import { Button } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import type { RoomSession } from '../room/room-state.ts'

/**
 * The examiner's marks turned into a proposal (issue 32, item 3): the domain grades they would give, and a button
 * that puts each marked item's score into the form. The examiner still sets every score, and so the grades.
 */
export function ProposedFromMarks({ session, userId, onUse }: { session: RoomSession; userId: number; onUse: (scores: ReadonlyMap<string, number>) => void }) {
  const checklist = session.selectedCase && 'checklist' in session.selectedCase ? session.selectedCase.checklist : null
  if (session.role !== 'observer' || !checklist || !session.stationProgress) return null
  const { scores, result } = proposalFromMarks(session.stationProgress, userId, checklist)
  if (scores.size === 0) return null
  const grades = result.domainScores.map((domain) => `${DOMAIN_TEXT[domain.domain].short} ${domain.grade ?? '–'}`).join(', ')
  const scale = CHECKLIST_MARKS.map((mark) => `${CHECKLIST_MARK_LABEL[mark]} ${SCORE_OF_MARK[mark]}`).join(', ')
  return (
    <Proposal aria-label="Proposed from your checklist marks">
      <p>
        Your {scores.size} checklist marks propose: <strong>{grades}</strong>.
      </p>
      <Button type="button" $variant="secondary" onClick={() => onUse(scores)}>
        Use my marks as the scores
      </Button>{' '}
      <Hint>({scale}; you can change any score afterwards)</Hint>
    </Proposal>
  )
}

const Proposal = styled.section`
  margin: 12px 0;
  padding: 10px 14px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.primarySoft};
  p { margin: 0 0 8px; }
`

const Hint = styled.span`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
