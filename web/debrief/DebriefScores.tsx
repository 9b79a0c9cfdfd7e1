import styled from 'styled-components'
import type { CriterionView } from '../../schemas/content.ts'
import type { Debrief, DebriefAssessment, DebriefFeedback } from '../../schemas/debrief.ts'
import { AREA_TEXT, DOMAIN_TEXT, DOMAINS, JUDGEMENT_TEXT } from '../../schemas/marking.ts'
import { criterionValue, MAX_SCORE } from '../../schemas/session/feedback-scores.ts'
import { MAX_STATION_SCORE } from '../../schemas/session/station-result.ts'
import { ScorePill } from '../dashboard/ScorePill.tsx'
import { orderedCriteria } from '../session/room/feedback-form.ts'
import { roleLabel } from '../../schemas/labels.ts'
import { theme } from '../theme.ts'
import { ScoreTable, type TableRow } from './ScoreTable.tsx'

/** One score sheet: a peer's, with the judgement and areas they gave, or the doctor's own (which has neither). */
export interface Sheet {
  heading: string
  scores: DebriefAssessment
  marks: Pick<DebriefFeedback, 'globalJudgement' | 'feedbackAreas'> | null
}

/**
 * The round's marks, one column per score sheet: each peer's, then the doctor's own self-assessment, so the
 * doctor reads where their view and the others' differ. The exam's result leads (score out of 12, domain grades,
 * judgement, areas), then the mark scheme's 0-4 scores with the form's words; the spec's overall sum is not shown
 * beside the score out of 12 (issue 29).
 */
export function DebriefScores({ debrief }: { debrief: Debrief }) {
  const sheets: Sheet[] = debrief.feedback.map((given) => ({ heading: `${given.fromUser} (${roleLabel(given.fromUserRole)})`, scores: given, marks: given }))
  if (debrief.selfAssessment) sheets.push({ heading: 'You (self-assessment)', scores: debrief.selfAssessment, marks: null })
  const headings = sheets.map((sheet) => sheet.heading)
  return (
    <section aria-labelledby="debrief-scores-heading">
      <h2 id="debrief-scores-heading">Your marks</h2>
      {!debrief.selfAssessment && <Muted>You did not assess yourself in this round.</Muted>}
      <ScoreTable caption="Station result" headings={headings} rows={resultRows(sheets)} />
      <ScoreTable caption={`Mark scheme (each 0-${MAX_SCORE})`} headings={headings} rows={orderedCriteria(debrief.case.feedbackCriteria).flatMap((criterion) => criterionRows(criterion, sheets))} />
      <CommentsHeading>Comments</CommentsHeading>
      <Comments>
        {sheets
          .filter((sheet) => sheet.scores.comment.trim())
          .map((sheet) => (
            <li key={sheet.heading}>
              <strong>{sheet.heading}</strong>
              <blockquote>{sheet.scores.comment}</blockquote>
            </li>
          ))}
      </Comments>
    </section>
  )
}

/** The exam's result of each sheet: score out of 12, domain grades, judgement, areas (also the admins' round summary's). */
export function resultRows(sheets: Sheet[]): TableRow[] {
  return [
    {
      key: 'station-score',
      name: `Station score (out of ${MAX_STATION_SCORE})`,
      cells: sheets.map(({ scores }) => <strong>{scores.stationScore === null ? '–' : `${scores.stationScore} / ${MAX_STATION_SCORE}`}</strong>),
    },
    ...DOMAINS.map((domain) => ({
      key: domain,
      name: DOMAIN_TEXT[domain].short,
      cells: sheets.map(({ scores }) => {
        const graded = scores.domainScores.find((score) => score.domain === domain)
        return graded?.grade ? `${graded.grade} (${graded.points})` : '–'
      }),
    })),
    {
      key: 'judgement',
      name: 'Global judgement',
      cells: sheets.map(({ marks }) => (marks?.globalJudgement ? JUDGEMENT_TEXT[marks.globalJudgement].label : '–')),
    },
    {
      key: 'areas',
      name: 'Feedback areas',
      cells: sheets.map(({ marks }) => (marks && marks.feedbackAreas.length > 0 ? marks.feedbackAreas.map((area) => AREA_TEXT[area].label).join(', ') : '–')),
    },
  ]
}

/** A criterion as the rows name it: the case's, or (the admins' round summary) as the scores given name it. */
export type NamedCriterion = Pick<CriterionView, 'id' | 'name'> & { subCriteria: Array<Pick<CriterionView['subCriteria'][number], 'id' | 'name'>> }

/** A criterion's row of 0-4 scores, one per sheet, then a row per sub-criterion. */
export function criterionRows(criterion: NamedCriterion, sheets: Sheet[]): TableRow[] {
  const given = (sheet: Sheet) => sheet.scores.criteriaScores.find((score) => score.criterionId === criterion.id)
  const criterionRow: TableRow = {
    key: criterion.id,
    name: criterion.name,
    cells: sheets.map((sheet) => {
      const score = given(sheet)
      return <ScorePill score={score ? criterionValue(score) : null} />
    }),
  }
  const subRows = criterion.subCriteria.map((sub) => ({
    key: `${criterion.id}/${sub.id}`,
    name: sub.name,
    sub: true,
    cells: sheets.map((sheet) => <ScorePill score={given(sheet)?.subScores.find((score) => score.subCriterionId === sub.id)?.score ?? null} />),
  }))
  return [criterionRow, ...subRows]
}

const Muted = styled.p`
  color: ${theme.color.muted};
`

const CommentsHeading = styled.h3`
  margin-top: 16px;
  font-size: 1.05rem;
`

/** Each sheet's comment under its giver's name (also the admins' round summary's). */
export const Comments = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 10px;
  blockquote { margin: 4px 0 0; padding-left: 12px; border-left: 3px solid ${theme.color.border}; overflow-wrap: anywhere; white-space: pre-wrap; }
`
