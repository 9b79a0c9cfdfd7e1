import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { MATCH_DAYS, MIN_OVERLAP_MINUTES } from '../../schemas/partners/availability.ts'
import type { PartnerMatch } from '../../schemas/partners/matches.ts'
import { availabilityApi } from '../api/availability.ts'
import { ApiError, errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { CardList } from '../components/FactCard.ts'
import { CheckRow } from '../forms/StackedField.ts'
import { theme } from '../theme.ts'
import { MatchCard, type MatchActions } from './MatchCard.tsx'

type Found = { matches: PartnerMatch[]; examNear: boolean }
/** A 400 says what to set up first (hours, a time zone): said as a sentence, not as an error. */
type Problem = { setUpFirst: boolean; text: string }

/**
 * "Partners free when I am" (issue 36): candidates whose free hours overlap mine in the coming week, the most
 * reliable first, by default only those whose exam month is near mine. Read again when `refreshKey` changes (my
 * hours were saved).
 */
export function MatchesSection(props: { zone: string; examMonthSet: boolean; refreshKey: number; renderActions?: MatchActions }) {
  const { zone, examMonthSet, refreshKey } = props
  const [examNear, setExamNear] = useState(true)
  const [found, setFound] = useState<Found | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)

  useEffect(() => {
    let current = true
    setProblem(null)
    availabilityApi.matches(examNear).then(
      (answer) => current && setFound(answer),
      (failure) => {
        if (!current) return
        setFound(null)
        setProblem({ setUpFirst: failure instanceof ApiError && failure.status === 400, text: errorMessage(failure, 'Could not look for partners. Please try again.') })
      },
    )
    return () => {
      current = false
    }
  }, [examNear, refreshKey])

  return (
    <section aria-labelledby="matches-heading">
      <h2 id="matches-heading">Partners free when I am</h2>
      <Muted>
        Candidates whose free hours overlap yours for at least {MIN_OVERLAP_MINUTES} minutes in the next {MATCH_DAYS} days, the most reliable first. Times are shown in your
        time zone ({zone}) and in theirs.
      </Muted>
      <CheckRow>
        <input type="checkbox" checked={examNear && examMonthSet} disabled={!examMonthSet} aria-describedby={examMonthSet ? undefined : 'matches-exam-hint'} onChange={(event) => setExamNear(event.target.checked)} />
        Only exam month near mine
      </CheckRow>
      {!examMonthSet && (
        <Muted id="matches-exam-hint">
          Set your exam month in <Link href="/profile">your profile</Link> to use this.
        </Muted>
      )}
      {problem ? (
        problem.setUpFirst ? <p>{problem.text}</p> : <Alert tone="error">{problem.text}</Alert>
      ) : found === null ? (
        <p role="status">Looking for partners…</p>
      ) : found.matches.length === 0 ? (
        <p>
          Nobody's free hours overlap yours in the next {MATCH_DAYS} days
          {found.examNear ? ' among candidates whose exam month is near yours: untick "Only exam month near mine" to see everyone.' : '.'}
        </p>
      ) : (
        <CardList aria-label="Partners free when I am">
          {found.matches.map((match) => (
            <MatchCard key={match.userId} match={match} zone={zone} renderActions={props.renderActions} />
          ))}
        </CardList>
      )}
    </section>
  )
}

const Muted = styled.p`
  color: ${theme.color.muted};
`
