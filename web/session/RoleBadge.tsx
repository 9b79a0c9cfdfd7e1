import styled from 'styled-components'
import { roleLabel, seatOf } from '../../schemas/labels.ts'
import { theme } from '../theme.ts'

/** A session role is recognised by its colour everywhere: doctor blue, patient green, observer purple. */
export function RoleBadge({ role, prefix }: { role: string | null | undefined; prefix?: string }) {
  const key = seatOf(role)
  return (
    <Badge $color={key ? theme.role[key] : theme.color.muted}>
      {prefix}
      {roleLabel(role)}
    </Badge>
  )
}

const Badge = styled.span<{ $color: string }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  background: ${({ $color }) => $color};
  color: #fff;
  font-size: 0.85rem;
  font-weight: 700;
  white-space: nowrap;
`
