import styled from 'styled-components'
import { theme } from '../theme.ts'

/**
 * A report in a reviewers' or admins' queue (problems with a case, reports about a candidate): the card, open ones
 * marked on the left, its facts, the reporter's words as written, and the closing part under a rule.
 */
export const ReportCard = styled.article<{ $open: boolean }>`
  padding: 16px;
  margin-bottom: 12px;
  border: 1px solid ${theme.color.border};
  border-left: 4px solid ${({ $open }) => ($open ? theme.color.warning : theme.color.border)};
  border-radius: ${theme.radius.small};
  background: ${theme.color.surface};
  overflow-wrap: anywhere;
  :is(h2, h3) { font-size: 1.05rem; margin: 0 0 8px; }
  @media (max-width: 400px) {
    padding: 12px;
  }
`

export const ReportFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 8px;
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
    dd { margin-bottom: 6px; }
  }
`

export const ReportWords = styled.p`
  white-space: pre-wrap;
  margin: 0 0 8px;
`

export const ReportClosing = styled.div`
  margin-top: 12px;
  padding-top: 12px;
  border-top: 1px solid ${theme.color.border};
`
