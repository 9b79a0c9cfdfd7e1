import styled from 'styled-components'
import { ButtonLink } from '../../components/Button.tsx'
import { timelineAddress } from './timeline-address.ts'

/**
 * From a report (about a candidate, or a problem with a case met in a session) to its session's timeline, opened
 * at the last event before the report was made: what the session held when the reporter wrote. Admins only.
 */
export function ReportTimelineLink({ code, reportedAt }: { code: string; reportedAt: string }) {
  return (
    <SmallLink href={timelineAddress(code, reportedAt)} $variant="secondary">
      Open the session&apos;s timeline at this report
    </SmallLink>
  )
}

const SmallLink = styled(ButtonLink)`
  min-height: 40px;
  padding: 6px 12px;
  font-size: 0.9rem;
`
