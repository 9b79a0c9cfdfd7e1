import styled from 'styled-components'
import { useTimeZone } from '../../board/times.ts'
import { Alert } from '../../components/Alert.tsx'
import { Button } from '../../components/Button.tsx'
import { CardList } from '../../components/FactCard.ts'
import { theme } from '../../theme.ts'
import { Count, EmptyState, PanelHeader } from '../controls.tsx'
import { Pagination } from '../users/Pagination.tsx'
import { FoundSession } from './FoundSession.tsx'
import { noMatchText, sessionCountText } from './session-search.ts'
import { SessionSearchForm } from './SessionSearchForm.tsx'
import { useSessionSearch } from './useSessionSearch.ts'

/**
 * The admins' "Sessions" tab (issue 37): find the session a dispute is about, by its code, a participant's name or
 * email and the days it was created, and open its timeline. Every search is logged on the server with who asked.
 */
export function SessionsTab() {
  const { zone } = useTimeZone()
  const search = useSessionSearch()
  const { found, asked } = search

  return (
    <section aria-labelledby="sessions-heading">
      <PanelHeader>
        <h2 id="sessions-heading">Sessions</h2>
      </PanelHeader>
      <Muted>
        Find a session to settle a dispute, then open its timeline: every event in order, and what each participant&apos;s screen showed at any moment. Every
        search and every look is recorded with your name.
      </Muted>
      <SessionSearchForm search={search} />
      {search.failure && (
        <>
          <Alert tone="error">{search.failure}</Alert>
          {Object.keys(search.fieldErrors).length === 0 && (
            <Button type="button" $variant="secondary" onClick={search.retry}>
              Try Again
            </Button>
          )}
        </>
      )}
      <Count role="status" aria-busy={search.loading}>
        {search.loading ? 'Searching the sessions…' : found ? sessionCountText(found.totalItems) : ''}
      </Count>
      {found && asked && !search.loading && found.sessions.length === 0 && <EmptyState>{noMatchText(asked.fields)}</EmptyState>}
      {found && found.sessions.length > 0 && (
        <CardList aria-label="Sessions found">
          {found.sessions.map((session) => (
            <FoundSession key={session.code} session={session} zone={zone} />
          ))}
        </CardList>
      )}
      {found && found.totalPages > 1 && <Pagination page={found.currentPage} totalPages={found.totalPages} onPage={search.setPage} />}
    </section>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`
