import { useState } from 'react'
import styled from 'styled-components'
import type { UserRole } from '../../../schemas/auth.ts'
import type { AdminUserView, UserStats } from '../../../schemas/api/admin.ts'
import { deleteUser, liftSuspension } from '../../api/admin.ts'
import { Alert } from '../../components/Alert.tsx'
import { theme } from '../../theme.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Count, PanelHeader, SearchBox, SelectBox, Toolbar } from '../controls.tsx'
import { ChangeRoleDialog } from './ChangeRoleDialog.tsx'
import { Pagination } from './Pagination.tsx'
import { SuspendDialog } from './SuspendDialog.tsx'
import { suspensionLength } from './suspension-words.ts'
import { UsersTable } from './UsersTable.tsx'
import { PAGE_SIZES, useUsersPage } from './useUsersPage.ts'

const ROLE_OPTIONS = [
  { value: '', label: 'All Roles' },
  { value: 'USER', label: 'Users' },
  { value: 'ADMIN', label: 'Admins' },
  { value: 'REVIEWER', label: 'Reviewers' },
]

export function UsersTab() {
  const users = useUsersPage()
  const [changingRole, setChangingRole] = useState<AdminUserView | null>(null)
  const [deleting, setDeleting] = useState<AdminUserView | null>(null)
  const [suspending, setSuspending] = useState<AdminUserView | null>(null)
  const [lifting, setLifting] = useState<AdminUserView | null>(null)
  const total = users.result?.totalItems ?? 0

  const confirmDelete = async () => {
    if (!deleting) return
    await deleteUser(deleting.id)
    setDeleting(null)
    users.refresh()
  }

  const confirmLift = async () => {
    if (!lifting) return
    await liftSuspension(lifting.id)
    setLifting(null)
    users.refresh()
  }

  return (
    <section aria-labelledby="users-heading">
      <PanelHeader>
        <h2 id="users-heading">User Management</h2>
      </PanelHeader>
      <UserStatsCards stats={users.stats} />
      <Toolbar>
        <SearchBox label="Search users" placeholder="Name or email" value={users.searchText} onChange={users.setSearchText} />
        <SelectBox label="Role" value={users.role} onChange={(role) => users.setRole(role as '' | UserRole)} options={ROLE_OPTIONS} />
      </Toolbar>
      {users.error && <Alert tone="error">{users.error}</Alert>}
      <Count role="status" aria-busy={users.loading}>
        {users.result ? `${total} ${total === 1 ? 'user' : 'users'} found` : 'Loading users...'}
      </Count>
      {users.result && (
        <UsersTable users={users.result.users} onChangeRole={setChangingRole} onDelete={setDeleting} onSuspend={setSuspending} onLiftSuspension={setLifting} />
      )}
      {users.result && (
        <Pagination
          page={users.page}
          totalPages={users.result.totalPages}
          onPage={users.setPage}
          sizing={{ size: users.size, sizes: PAGE_SIZES, onSize: users.setSize }}
        />
      )}
      {changingRole && (
        <ChangeRoleDialog
          user={changingRole}
          onChanged={() => {
            setChangingRole(null)
            users.refresh()
          }}
          onCancel={() => setChangingRole(null)}
        />
      )}
      {suspending && (
        <SuspendDialog
          user={suspending}
          onSuspended={() => {
            setSuspending(null)
            users.refresh()
          }}
          onCancel={() => setSuspending(null)}
        />
      )}
      {lifting && (
        <ConfirmDialog title="Lift suspension?" confirmLabel="Lift Suspension" failureMessage="Failed to lift the suspension" onConfirm={confirmLift} onCancel={() => setLifting(null)}>
          <strong>{lifting.name}</strong> ({lifting.email}) is suspended {suspensionLength(lifting)}. Lift it so they can sign in again? Listings and sessions ended by the
          suspension stay ended.
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog title="Delete user?" confirmLabel="Delete User" danger failureMessage="Failed to delete user" onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
          Delete the account of <strong>{deleting.name}</strong> ({deleting.email})? This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  )
}

/** Total Users, Administrators, Regular Users (SPEC.md section 2), and ours. Dashes until the counts arrive. */
function UserStatsCards({ stats }: { stats: UserStats | null }) {
  const cards = [
    { label: 'Total Users', value: stats?.totalUsers },
    { label: 'Administrators', value: stats?.adminCount },
    { label: 'Regular Users', value: stats?.userCount },
    { label: 'Reviewers', value: stats?.reviewerCount },
    { label: 'Suspended', value: stats?.suspendedCount },
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
