import styled from 'styled-components'
import type { UserStats } from '../../api/admin.ts'
import { theme } from '../../theme.ts'

/** Total Users, Administrators, Regular Users (SPEC.md section 2). Dashes until the counts arrive. */
export function UserStatsCards({ stats }: { stats: UserStats | null }) {
  const cards = [
    { label: 'Total Users', value: stats?.totalUsers },
    { label: 'Administrators', value: stats?.adminCount },
    { label: 'Regular Users', value: stats?.userCount },
  ]
  return (
    <Cards aria-label="User statistics">
      {cards.map((card) => (
        <StatCard key={card.label}>
          <dt>{card.label}</dt>
          <dd>{card.value ?? '-'}</dd>
        </StatCard>
      ))}
    </Cards>
  )
}

const Cards = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px;
  margin: 0 0 20px;
`

const StatCard = styled.div`
  padding: 16px;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow.card};
  dt { color: ${theme.color.muted}; font-weight: 600; font-size: 0.9rem; }
  dd { margin: 4px 0 0; font-size: 1.75rem; font-weight: 700; color: ${theme.color.primary}; }
`
