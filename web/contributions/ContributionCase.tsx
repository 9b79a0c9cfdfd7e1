import styled from 'styled-components'
import type { Contribution } from '../../schemas/contributions/contribution-wire.ts'
import { contributionAttribution } from '../../schemas/practice-material.ts'
import { DIFFICULTY_LABELS, MLA_AREA_LABELS, STATION_TYPE_LABELS } from '../../schemas/station/station.ts'
import { CasePreview } from '../admin/case-editor/CasePreview.tsx'
import { theme } from '../theme.ts'
import { draftOfContent } from './contribution-draft.ts'

/** A contribution read, not edited: its facts, then each role's view as the room will show it. */
export function ContributionCase({ contribution, topic }: { contribution: Contribution; topic: string }) {
  const { content } = contribution
  const { state } = draftOfContent(content, true)
  const station = content.station
  const rows: Array<[string, string]> = [
    ['Title', content.title || '(no title yet)'],
    ['Topic', topic || '(none chosen yet)'],
    ['Station type', station.stationType ? STATION_TYPE_LABELS[station.stationType] : '(not chosen yet)'],
    ['Areas of the MLA content map', station.mlaAreas.map((area) => MLA_AREA_LABELS[area]).join(', ') || '(none yet)'],
    ['Difficulty', DIFFICULTY_LABELS[station.difficulty]],
    ['Description', content.description || '(none)'],
    ['Visual findings', content.visualData?.content || '(none)'],
    ['Recall case', content.isRecallCase ? `Yes, the exam of ${content.recallDates.join(', ') || '(no date given)'}` : 'No'],
  ]
  return (
    <section aria-labelledby="contribution-case-heading">
      <h2 id="contribution-case-heading">The case</h2>
      <Facts>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </Facts>
      <CasePreview state={state} categoryName={topic} startOpen attribution={contributionAttribution(contribution)} />
    </section>
  )
}

const Facts = styled.dl`
  margin: 0 0 16px;
  div { display: grid; grid-template-columns: minmax(120px, 14rem) 1fr; gap: 4px 16px; padding: 6px 0; border-bottom: 1px solid ${theme.color.border}; }
  dt { font-weight: 600; }
  dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  @media (max-width: 480px) {
    div { grid-template-columns: 1fr; }
  }
`
