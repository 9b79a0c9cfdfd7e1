import styled from 'styled-components'
import { criterionValue } from '../../schemas/session/feedback-scores.ts'
import type { CriterionScore } from '../../schemas/session/types.ts'
import { theme } from '../theme.ts'
import { DisagreementMark } from './DisagreementMark.tsx'
import { ScorePill } from './ScorePill.tsx'
import { disagreementKey } from './stations.ts'

/**
 * The case's own criteria as one rater scored them, each sub-criterion under its criterion (a criterion's mean
 * alone hid four separately scored items), with the scores the station's raters disagree on marked.
 */
export function CriterionScores({ criteria, disagreements }: { criteria: CriterionScore[]; disagreements: ReadonlySet<string> }) {
  return (
    <Scores>
      {criteria.map((criterion) => (
        <li key={criterion.criterionId}>
          <Row>
            <span>
              {criterion.criterionName} {disagreements.has(disagreementKey.criterion(criterion.criterionId)) && <DisagreementMark />}
            </span>
            <ScorePill score={criterionValue(criterion)} />
          </Row>
          {criterion.subScores.length > 0 && (
            <SubScores aria-label={`${criterion.criterionName}: sub-criteria`}>
              {criterion.subScores.map((sub) => (
                <li key={sub.subCriterionId}>
                  <Row>
                    <span>
                      {sub.subCriterionName} {disagreements.has(disagreementKey.sub(criterion.criterionId, sub.subCriterionId)) && <DisagreementMark />}
                    </span>
                    <ScorePill score={sub.score} />
                  </Row>
                </li>
              ))}
            </SubScores>
          )}
        </li>
      ))}
    </Scores>
  )
}

const Scores = styled.ul`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
`

const SubScores = styled.ul`
  margin: 4px 0 0;
  padding: 0 0 0 14px;
  border-left: 2px solid ${theme.color.border};
  list-style: none;
  display: grid;
  gap: 4px;
  font-size: 0.9rem;
`

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  justify-content: space-between;
  > span:first-child { flex: 1 1 140px; overflow-wrap: anywhere; }
`
