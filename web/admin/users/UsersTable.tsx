import styled from 'styled-components'
import { Link } from 'wouter'
import type { AdminUserView } from '../../../schemas/api/admin.ts'
import { mayDeleteFromUserList } from '../../../schemas/content.ts'
import { useAuth } from '../../account/AuthContext.tsx'
import { theme } from '../../theme.ts'
import { EmptyState, RowActions, SmallButton, Table, TableScroll } from '../controls.tsx'
import { accountState } from './suspension-words.ts'

interface UsersTableProps {
  users: AdminUserView[]
  onChangeRole: (user: AdminUserView) => void
  onDelete: (user: AdminUserView) => void
  onSuspend: (user: AdminUserView) => void
  onLiftSuspension: (user: AdminUserView) => void
}

export function UsersTable({ users, onChangeRole, onDelete, onSuspend, onLiftSuspension }: UsersTableProps) {
  const { user: me } = useAuth()
  if (users.length === 0) return <EmptyState>No users match these filters.</EmptyState>
  return (
    <TableScroll>
      <Table aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Account Type</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td>
                {user.name}
                {user.id === me?.id && <You> (you)</You>}
              </td>
              <td>{user.email}</td>
              <td>
                <RoleBadge $admin={user.role === 'ADMIN'}>{user.role}</RoleBadge>
              </td>
              <td data-label="Account type">{user.provider === 'GOOGLE' ? 'Google' : 'Email'}</td>
              <td>{accountState(user)}</td>
              <td>
                <RowActions>
                  <SmallButton type="button" $variant="secondary" onClick={() => onChangeRole(user)} aria-label={`Change role of ${user.name}`}>
                    Change Role
                  </SmallButton>
                  {user.suspended ? (
                    <SmallButton type="button" $variant="secondary" onClick={() => onLiftSuspension(user)} aria-label={`Lift the suspension of ${user.name}`}>
                      Lift Suspension
                    </SmallButton>
                  ) : (
                    // Admins are not suspended (the server asks for the role to go first), nor is oneself.
                    user.role !== 'ADMIN' &&
                    user.id !== me?.id && (
                      <SmallButton type="button" $variant="secondary" onClick={() => onSuspend(user)} aria-label={`Suspend ${user.name}`}>
                        Suspend
                      </SmallButton>
                    )
                  )}
                  {me && !mayDeleteFromUserList(me.id, user.id) ? (
                    <OwnAccount>
                      Your own account: delete it from your <Link href="/profile">profile</Link>.
                    </OwnAccount>
                  ) : (
                    <SmallButton type="button" $variant="secondary" onClick={() => onDelete(user)} aria-label={`Delete ${user.name}`}>
                      Delete
                    </SmallButton>
                  )}
                </RowActions>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  )
}

const You = styled.span`
  color: ${theme.color.muted};
`

const OwnAccount = styled.span`
  align-self: center;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const RoleBadge = styled.span<{ $admin: boolean }>`
  padding: 2px 10px;
  border-radius: ${theme.radius.round};
  font-size: 0.85rem;
  font-weight: 700;
  background: ${({ $admin }) => ($admin ? '#ede9fe' : theme.color.primarySoft)};
  color: ${({ $admin }) => ($admin ? '#5b21b6' : theme.color.primary)};
`
