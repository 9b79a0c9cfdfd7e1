import styled from 'styled-components'
import { ROLE_LABEL } from '../../schemas/labels.ts'
import type { LowerRole } from '../../schemas/session-wire.ts'
import { theme } from '../theme.ts'

/** Accepts the server's upper-case `userRole` or a participant's lower-case `role`. */
export function roleKey(role: string | null | undefined): LowerRole | null {
  const key = role?.toLowerCase()
  return key === 'doctor' || key === 'patient' || key === 'observer' ? key : null
}

export function roleLabel(role: string | null | undefined): string {
  const key = roleKey(role)
  return key ? ROLE_LABEL[key] : 'Unknown'
}

/** A session role is recognised by its colour everywhere: doctor blue, patient green, observer purple. */
export function RoleBadge({ role, prefix }: { role: string | null | undefined; prefix?: string }) {
  const key = roleKey(role)
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
