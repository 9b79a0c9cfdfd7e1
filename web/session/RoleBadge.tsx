import styled from 'styled-components'
import { theme, type SessionRole } from '../theme.ts'

const LABELS: Record<SessionRole, string> = { doctor: 'Doctor', patient: 'Patient', observer: 'Observer' }

/** Accepts the server's upper-case `userRole` or a participant's lower-case `role`. */
export function roleKey(role: string | null | undefined): SessionRole | null {
  const key = role?.toLowerCase()
  return key === 'doctor' || key === 'patient' || key === 'observer' ? key : null
}

export function roleLabel(role: string | null | undefined): string {
  const key = roleKey(role)
  return key ? LABELS[key] : 'Unknown'
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
