import type { ReactNode, Ref } from 'react'
import styled from 'styled-components'
import { theme } from '../theme.ts'

/**
 * A message about the whole form or page. Errors use role=alert (announced at once); successes use
 * role=status (announced politely). Given a `ref`, it can take the focus (tabIndex -1): a page moves the focus to
 * the news when the control that brought it is gone.
 */
export function Alert({ tone, children, ref }: { tone: 'error' | 'success'; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} $tone={tone} ref={ref} tabIndex={ref ? -1 : undefined}>
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
