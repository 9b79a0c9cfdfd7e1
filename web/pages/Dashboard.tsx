import { useState } from 'react'
import styled from 'styled-components'
import type { ActiveSessionItem, FeedbackReceivedItem } from '../../schemas/session-wire.ts'
import { sessionsApi } from '../api/sessions.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { Button, ButtonLink } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { ShownZoneProvider, useTimeZone } from '../board/times.ts'
import { ActiveSessions } from '../dashboard/ActiveSessions.tsx'
import { DashboardSkeleton } from '../dashboard/DashboardSkeleton.tsx'
import { FilteredFeedback } from '../dashboard/FilteredFeedback.tsx'
import { usePolling } from '../session/usePolling.ts'

/** SPEC section 9: the dashboard's two lists are read again every 30 s and on Refresh. */
export const DASHBOARD_POLL_MS = 30_000

export default function Dashboard() {
  usePageTitle('Dashboard')
  const { user } = useAuth()
  const { zone } = useTimeZone()
  const [sessions, setSessions] = useState<ActiveSessionItem[] | null>(null)
  const [feedback, setFeedback] = useState<FeedbackReceivedItem[] | null>(null)
  const [refreshing, setRefreshing] = useState(false)

  // SPEC section 8: dashboard load errors are ignored; the lists keep what they last showed.
  const refresh = usePolling(async (signal) => {
    const [active, received] = await Promise.allSettled([sessionsApi.active(), sessionsApi.feedbackReceived()])
    if (signal.aborted) return
    if (active.status === 'fulfilled') setSessions(active.value)
    else setSessions((previous) => previous ?? [])
    if (received.status === 'fulfilled') setFeedback(received.value)
    else setFeedback((previous) => previous ?? [])
  }, DASHBOARD_POLL_MS)

  const onRefresh = async () => {
    setRefreshing(true)
    await refresh()
    setRefreshing(false)
  }

  return (
    <WidePage>
      <Heading>
        <h1>Welcome, {user?.name}</h1>
        <Actions>
          <Button type="button" $variant="secondary" onClick={onRefresh} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
          <ButtonLink href="/partners" $variant="secondary">
            Find Partners
          </ButtonLink>
          <ButtonLink href="/practise-alone" $variant="secondary">
            Practise alone
          </ButtonLink>
          <ButtonLink href="/progress" $variant="secondary">
            My Progress
          </ButtonLink>
          <ButtonLink href="/session/join" $variant="secondary">
            Join Session
          </ButtonLink>
          <ButtonLink href="/session/create">Create Session</ButtonLink>
        </Actions>
      </Heading>
      {sessions === null || feedback === null ? (
        <DashboardSkeleton />
      ) : (
        <ShownZoneProvider value={zone}>
          <ActiveSessions sessions={sessions} />
          <FilteredFeedback items={feedback} />
        </ShownZoneProvider>
      )}
    </WidePage>
  )
}

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
  h1 { margin: 0; }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`
