import styled from 'styled-components'
import type { ContributionState } from '../../schemas/contributions/contribution.ts'
import { theme } from '../theme.ts'

/** A list of contributed cases (the author's, the reviewers' queue): each a link with a few lines under it. */
export const ContributionList = styled.ul`
  margin: 16px 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 12px 0;
    border-bottom: 1px solid ${theme.color.border};
  }
  a { font-weight: 600; overflow-wrap: anywhere; }
`

/** A state's colours: changes asked for stand out, an approval reads as done. */
export function stateTone(state: ContributionState): { text: string; soft: string } {
  if (state === 'CHANGES_REQUESTED') return { text: theme.color.warning, soft: theme.color.warningSoft }
  if (state === 'APPROVED') return { text: theme.color.success, soft: theme.color.successSoft }
  return { text: theme.color.text, soft: theme.color.primarySoft }
}
