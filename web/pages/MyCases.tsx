import styled from 'styled-components'
import { Link } from 'wouter'
import { stateInWords } from '../../schemas/contributions/contribution.ts'
import type { MyContribution } from '../../schemas/contributions/contribution-wire.ts'
import { contributionsApi } from '../api/contributions.ts'
import { Alert } from '../components/Alert.tsx'
import { ButtonLink } from '../components/Button.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { WidePage } from '../components/WidePage.ts'
import { ContributionList, stateTone } from '../contributions/contribution-style.ts'
import { useLoadedOnce } from '../contributions/useContribution.ts'
import { theme } from '../theme.ts'

/** /my-cases (issue 35): the cases a candidate wrote for the bank, each with where its review stands. */
export default function MyCases() {
  usePageTitle('My cases')
  const { value: cases, failure } = useLoadedOnce(contributionsApi.mine, 'Your cases could not be loaded. Please reload the page.')

  return (
    <WidePage>
      <h1>My cases</h1>
      <p>
        Write a station for the case bank in the exam&apos;s shape: the candidate&apos;s instructions, the patient&apos;s script and the examiner&apos;s
        checklist. Save it as a draft as often as you like; when it is ready, submit it. A reviewer reads it, may ask you for changes, and once they
        approve it, everyone can practise it. Write it in your own words: never copy a recall, a book or another site. A station you remember from
        your own exam is a recall case: give the date you sat it.
      </p>
      <ButtonLink href="/my-cases/new">Write a new case</ButtonLink>
      {failure && <Alert tone="error">{failure}</Alert>}
      {cases === null && !failure && <p role="status">Loading your cases…</p>}
      {cases?.length === 0 && <p>You have not written a case yet.</p>}
      {cases && cases.length > 0 && (
        <ContributionList aria-label="Your cases">
          {cases.map((item) => (
            <li key={item.id}>
              <Link href={`/my-cases/${item.id}`}>{item.title || 'Untitled case'}</Link>
              <State $state={item.state}>{stateInWords(item.state, item.lastReviewerMessage)}</State>
              <Changed>
                Last changed <time dateTime={item.updatedAt}>{new Date(item.updatedAt).toLocaleString()}</time>
                {item.state === 'APPROVED' && (item.showName ? ', shown with your name' : ', shown without a name')}
              </Changed>
            </li>
          ))}
        </ContributionList>
      )}
    </WidePage>
  )
}

const State = styled.span<{ $state: MyContribution['state'] }>`
  color: ${({ $state }) => stateTone($state).text};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`

const Changed = styled.span`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
