import type { ReactNode } from 'react'
import styled from 'styled-components'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { theme } from '../theme.ts'
import { BoardTab } from '../admin/board/BoardTab.tsx'
import { CasesTab } from '../admin/cases/CasesTab.tsx'
import { CategoriesTab } from '../admin/categories/CategoriesTab.tsx'
import { MessagesTab } from '../admin/messages/MessagesTab.tsx'
import { CandidateReportsTab } from '../admin/reports/CandidateReportsTab.tsx'
import { SessionsTab } from '../admin/sessions/SessionsTab.tsx'
import { Tabs, type TabDefinition } from '../admin/Tabs.tsx'
import { UsersTab } from '../admin/users/UsersTab.tsx'
import { useAdminTab } from '../admin/useAdminTab.ts'
import { useCaseBank, type CaseBank } from '../admin/useCaseBank.ts'

type TabKey = 'cases' | 'categories' | 'users' | 'board' | 'messages' | 'reports' | 'sessions'

const TABS: ReadonlyArray<TabDefinition<TabKey>> = [
  { key: 'cases', label: 'Cases' },
  { key: 'categories', label: 'Categories' },
  { key: 'users', label: 'User Management' },
  { key: 'board', label: 'Find Partners' },
  { key: 'messages', label: 'Messages' },
  { key: 'reports', label: 'Reports' },
  { key: 'sessions', label: 'Sessions' },
]

/** /admin (ADMIN only, guarded in App.tsx): the case bank and the accounts. */
export default function Admin() {
  usePageTitle('Admin panel')
  const [tab, setTab] = useAdminTab(TABS)
  // Loaded here, not per tab: both case and category tabs read both lists, and switching tabs keeps them.
  const bank = useCaseBank()

  return (
    <Page>
      <h1>Admin panel</h1>
      <Intro>Manage the case bank, the accounts and the messages sent to the platform, and look back at the sessions played.</Intro>
      <Tabs label="Admin sections" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'cases' && (
          <WhenLoaded bank={bank}>
            <CasesTab bank={bank} />
          </WhenLoaded>
        )}
        {tab === 'categories' && (
          <WhenLoaded bank={bank}>
            <CategoriesTab bank={bank} />
          </WhenLoaded>
        )}
        {tab === 'users' && <UsersTab />}
        {tab === 'board' && <BoardTab />}
        {tab === 'messages' && <MessagesTab />}
        {tab === 'reports' && <CandidateReportsTab />}
        {tab === 'sessions' && <SessionsTab />}
      </Tabs>
    </Page>
  )
}

function WhenLoaded({ bank, children }: { bank: CaseBank; children: ReactNode }) {
  if (bank.loadError) {
    return (
      <>
        <Alert tone="error">{bank.loadError}</Alert>
        <Button type="button" $variant="secondary" onClick={() => void bank.reload()}>
          Try Again
        </Button>
      </>
    )
  }
  if (bank.loading) return <p role="status">Loading the case bank...</p>
  return <>{children}</>
}

const Page = styled.div`
  width: 100%;
  max-width: ${theme.width.page};
  margin: 0 auto;
  padding: 32px 16px;
  @media (max-width: 400px) {
    padding: 24px 12px;
  }
`

const Intro = styled.p`
  color: ${theme.color.muted};
`
