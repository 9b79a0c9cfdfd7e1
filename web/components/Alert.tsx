import type { ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'

/**
 * A message about the whole form or page. Errors use role=alert (announced at once); successes use
 * role=status (announced politely).
 */
export function Alert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} $tone={tone}>
      {children}
    </Box>
  )
}

const Box = styled.div<{ $tone: 'error' | 'success' }>`
  margin-bottom: 16px;
  padding: 12px 14px;
  border-radius: ${theme.radius.small};
  border: 1px solid ${({ $tone }) => ($tone === 'error' ? theme.color.danger : theme.color.success)};
  background: ${({ $tone }) => ($tone === 'error' ? theme.color.dangerSoft : theme.color.successSoft)};
  color: ${({ $tone }) => ($tone === 'error' ? theme.color.danger : theme.color.success)};
  overflow-wrap: anywhere;
`
