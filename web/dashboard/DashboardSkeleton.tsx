import styled from 'styled-components'
import { theme } from '../theme.ts'

/**
 * Stands in for both lists until both have answered, shaped like a session and two feedback cards. It is replaced
 * as a whole (never grown into), so nothing already on screen moves when the lists arrive, however long they are.
 */
export function DashboardSkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading your sessions and feedback…</span>
      <Shapes aria-hidden="true">
        <HeadingBar />
        <Block $height="88px" />
        <HeadingBar />
        <Block $height="220px" />
        <Block $height="220px" />
      </Shapes>
    </div>
  )
}

const Shapes = styled.div`
  display: grid;
  gap: 12px;
`

const HeadingBar = styled.div`
  width: 200px;
  max-width: 60%;
  height: 1.5rem;
  margin-top: 12px;
  border-radius: ${theme.radius.small};
  background: ${theme.color.border};
`

const Block = styled.div<{ $height: string }>`
  height: ${({ $height }) => $height};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow.card};
`
