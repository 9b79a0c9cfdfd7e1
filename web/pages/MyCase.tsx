import { useState } from 'react'
import styled from 'styled-components'
import { Link, useLocation, useParams } from 'wouter'
import { mayReview } from '../../schemas/auth.ts'
import { allowedActions, stateInWords } from '../../schemas/contributions/contribution.ts'
import type { Contribution } from '../../schemas/contributions/contribution-wire.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { ConfirmDialog } from '../admin/ConfirmDialog.tsx'
import { contributionsApi } from '../api/contributions.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { ContributionCase } from '../contributions/ContributionCase.tsx'
import { ContributionEditor } from '../contributions/ContributionEditor.tsx'
import { stateTone } from '../contributions/contribution-style.ts'
import { ContributionThread } from '../contributions/ContributionThread.tsx'
import { lastReviewerMessage, topicName, useContribution, useTopics } from '../contributions/useContribution.ts'
import { theme } from '../theme.ts'

/**
 * /my-cases/new and /my-cases/:id (issue 35): the author writes their case while it is theirs to change (a draft,
 * or back with them for changes), and otherwise reads it with its review.
 */
export default function MyCase() {
  const params = useParams<{ id: string }>()
  const isNew = params.id === 'new'
  const [, navigate] = useLocation()
  const { user } = useAuth()
  const { contribution, setContribution, failure } = useContribution(isNew ? null : Number(params.id))
  const topics = useTopics()
  const [deleting, setDeleting] = useState(false)
  const focus = useFocusNext<'status'>()
  const title = isNew && !contribution ? 'Write a new case' : contribution?.content.title || 'Untitled case'
  usePageTitle(title)

  if (!user) return null
  const onSaved = (saved: Contribution) => {
    // Submitted: the editor gives way to the case as read, and the news of it takes the focus from its button.
    if (contribution && saved.state !== contribution.state) focus.next('status')
    setContribution(saved)
    // A new case has its own address from its first save: a reload finds it there.
    if (isNew) navigate(`/my-cases/${saved.id}`, { replace: true })
  }
  const standing = contribution && { state: contribution.state, isAuthor: contribution.yours, mayReview: mayReview(user.role), everSubmitted: contribution.submittedAt !== null }
  const actions = standing ? allowedActions(standing) : ['save']
  const loading = !isNew && !contribution

  return (
    <WidePage>
      <p>
        <Link href="/my-cases">Back to my cases</Link>
      </p>
      <h1>{loading ? 'Your case' : title}</h1>
      {failure && <Alert tone="error">{failure}</Alert>}
      {(loading || topics === null) && !failure && <p role="status">Loading…</p>}
      {contribution && (
        <Status $state={contribution.state} ref={focus.focusIf('status')} tabIndex={-1}>
          <strong>Status:</strong> {stateInWords(contribution.state, lastReviewerMessage(contribution.thread))}
        </Status>
      )}
      {contribution?.state === 'APPROVED' && <p>Thank you: candidates now practise this case in their sessions. Administrators edit it in the bank from here on.</p>}
      {!loading && topics !== null && (
        actions.includes('save') ? (
          <ContributionEditor userId={user.id} authorName={user.name} contribution={contribution} categories={topics} onSaved={onSaved} />
        ) : (
          contribution && <ContributionCase contribution={contribution} topic={topicName(topics, contribution.content.category?.id)} />
        )
      )}
      {contribution && <ContributionThread thread={contribution.thread} />}
      {contribution && actions.includes('delete') && (
        <Button type="button" $variant="danger" onClick={() => setDeleting(true)}>
          Delete draft
        </Button>
      )}
      {deleting && contribution && (
        <ConfirmDialog
          title="Delete this draft?"
          confirmLabel="Delete draft"
          danger
          failureMessage="The draft could not be deleted. Please try again."
          onCancel={() => setDeleting(false)}
          onConfirm={async () => {
            await contributionsApi.remove(contribution.id)
            navigate('/my-cases')
          }}
        >
          Delete <strong>{contribution.content.title || 'this untitled case'}</strong>? This cannot be undone.
        </ConfirmDialog>
      )}
    </WidePage>
  )
}

const Status = styled.p<{ $state: Contribution['state'] }>`
  padding: 12px 14px;
  border-radius: ${theme.radius.small};
  background: ${({ $state }) => stateTone($state).soft};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`
