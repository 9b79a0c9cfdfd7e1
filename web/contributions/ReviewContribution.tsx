import { Link } from 'wouter'
import { allowedActions, stateInWords } from '../../schemas/contributions/contribution.ts'
import { Alert } from '../components/Alert.tsx'
import { useFocusNext } from '../components/useFocusNext.ts'
import { ContributionCase } from './ContributionCase.tsx'
import { ContributionThread } from './ContributionThread.tsx'
import { ReviewActions } from './ReviewActions.tsx'
import { lastReviewerMessage, topicName, useContribution, useTopics } from './useContribution.ts'

/** One contributed case as a reviewer reads it: the case in each role's view, its thread, and the review's actions. */
export function ReviewContribution({ id }: { id: number }) {
  const { contribution, setContribution, failure } = useContribution(id)
  const topics = useTopics()
  const focus = useFocusNext<'status'>()
  const back = (
    <p>
      <Link href="/review">Back to the contributed cases</Link>
    </p>
  )
  if (failure) {
    return (
      <>
        {back}
        <Alert tone="error">{failure}</Alert>
      </>
    )
  }
  if (!contribution || topics === null) return <p role="status">Loading the case…</p>
  // The page is for reviewers only (RequireReviewer); the rules still keep them off their own case.
  const actions = allowedActions({ state: contribution.state, isAuthor: contribution.yours, mayReview: true, everSubmitted: contribution.submittedAt !== null })
  const reviewing = actions.some((action) => action === 'comment' || action === 'requestChanges' || action === 'approve')
  return (
    <article aria-labelledby="reviewed-case-heading">
      {back}
      <h2 id="reviewed-case-heading">{contribution.content.title || 'Untitled case'}</h2>
      <p>
        By {contribution.authorName}: to be shown {contribution.showName ? 'with their name' : 'without a name'} once approved.
      </p>
      <p role="status" ref={focus.focusIf('status')} tabIndex={-1}>
        <strong>Status:</strong> {stateInWords(contribution.state, lastReviewerMessage(contribution.thread))}
      </p>
      {contribution.yours && <p>This is your own case: another reviewer reviews it.</p>}
      <ContributionCase contribution={contribution} topic={topicName(topics, contribution.content.category?.id)} />
      <ContributionThread thread={contribution.thread} />
      {reviewing && (
        <ReviewActions
          contribution={contribution}
          actions={actions}
          onDone={(updated) => {
            // Its buttons go with the state they were for: the new state takes the focus.
            if (updated.state !== contribution.state) focus.next('status')
            setContribution(updated)
          }}
        />
      )}
    </article>
  )
}
