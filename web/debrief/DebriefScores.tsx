import styled from 'styled-components'
import type { CriterionView } from '../../schemas/content.ts'
import type { Debrief, ScoredAssessment } from '../../schemas/debrief.ts'
import { MAX_SCORE } from '../../schemas/session/feedback-scores.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'
import { receivedCriterionScore } from '../dashboard/score-bands.ts'
import { formatScore, orderedCriteria } from '../session/room/feedback-form.ts'
import { roleLabel } from '../session/RoleBadge.tsx'
import { theme } from '../theme.ts'

interface Column {
  heading: string
  assessment: ScoredAssessment
}

/**
 * The mark scheme as rows, one column per score sheet: each peer's, then the doctor's own self-assessment, so
 * the doctor reads where their view of the consultation and the others' differ.
 */
export function DebriefScores({ debrief }: { debrief: Debrief }) {
  const columns: Column[] = debrief.feedback.map((given) => ({ heading: `${given.fromUser} (${roleLabel(given.fromUserRole)})`, assessment: given }))
  if (debrief.selfAssessment) columns.push({ heading: 'You (self-assessment)', assessment: debrief.selfAssessment })
  const criteria = orderedCriteria(debrief.case.feedbackCriteria)
  return (
    <section aria-labelledby="debrief-scores-heading">
      <h2 id="debrief-scores-heading">Mark scheme and scores</h2>
      {!debrief.selfAssessment && <Muted>You did not assess yourself in this round.</Muted>}
      <Scroll tabIndex={0} role="region" aria-labelledby="debrief-scores-heading">
        <Table>
          <thead>
            <tr>
              <th scope="col">Criterion (0-{MAX_SCORE})</th>
              {columns.map((column) => (
                <th scope="col" key={column.heading}>
                  {column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {criteria.flatMap((criterion) => rowsOf(criterion, columns))}
            <tr>
              <th scope="row">Overall</th>
              {columns.map((column) => (
                <td key={column.heading}>
                  <strong>
                    {formatScore(column.assessment.overallPerformance)} / {MAX_SCORE * criteria.length}
                  </strong>
                </td>
              ))}
            </tr>
          </tbody>
        </Table>
      </Scroll>
      <CommentsHeading>Comments</CommentsHeading>
      <Comments>
        {columns
          .filter((column) => column.assessment.comment.trim())
          .map((column) => (
            <li key={column.heading}>
              <strong>{column.heading}</strong>
              <blockquote>{column.assessment.comment}</blockquote>
            </li>
          ))}
      </Comments>
    </section>
  )
}

const scoreText = (score: number | null | undefined) => (score === null || score === undefined ? '–' : formatScore(score))

function scoreOf(assessment: ScoredAssessment, criterionId: string): CriterionScore | undefined {
  return assessment.criteriaScores.find((given) => given.criterionId === criterionId)
}

function rowsOf(criterion: CriterionView, columns: Column[]) {
  const criterionRow = (
    <tr key={criterion.id}>
      <th scope="row">{criterion.name}</th>
      {columns.map((column) => {
        const given = scoreOf(column.assessment, criterion.id)
        return <td key={column.heading}>{scoreText(given ? receivedCriterionScore(given) : null)}</td>
      })}
    </tr>
  )
  const subRows = criterion.subCriteria.map((sub) => (
    <tr key={`${criterion.id}/${sub.id}`}>
      <SubCriterion scope="row">{sub.name}</SubCriterion>
      {columns.map((column) => (
        <td key={column.heading}>{scoreText(scoreOf(column.assessment, criterion.id)?.subScores.find((s) => s.subCriterionId === sub.id)?.score)}</td>
      ))}
    </tr>
  ))
  return [criterionRow, ...subRows]
}

const Muted = styled.p`
  color: ${theme.color.muted};
`

const Scroll = styled.div`
  overflow-x: auto;
  &:focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 6px 8px; border-bottom: 1px solid ${theme.color.border}; text-align: left; vertical-align: top; }
  td { text-align: center; white-space: nowrap; }
  thead th { font-size: 0.9rem; }
  tbody th { font-weight: 600; overflow-wrap: anywhere; min-width: 7rem; }
`

const SubCriterion = styled.th`
  && { padding-left: 24px; font-weight: 400; }
`

const CommentsHeading = styled.h3`
  margin-top: 16px;
  font-size: 1.05rem;
`

const Comments = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 10px;
  blockquote { margin: 4px 0 0; padding-left: 12px; border-left: 3px solid ${theme.color.border}; overflow-wrap: anywhere; white-space: pre-wrap; }
`
