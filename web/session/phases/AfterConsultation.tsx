import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { RoomSession } from '../room/room-state.ts'
import { ButtonLink } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { PhaseHeading } from '../PhaseHeading.tsx'
import { roleLabel } from '../../../schemas/labels.ts'
import { doctorFinishedIn, listText, nextRoundText, personText, scorersIn, stillScoringIn } from '../room/round-wait.ts'
import { SelfAssessment } from '../../debrief/SelfAssessment.tsx'
import { CaseFeedbackCard } from '../../case-feedback/CaseFeedbackCard.tsx'

/** Feedback: the doctor waits for the scores, and is told whom for and what comes next; the others give them. */
export function FeedbackPhase({ session, userId, feedbackForm }: { session: RoomSession; userId: number; feedbackForm: ReactNode }) {
  if (session.role !== 'doctor') return <>{feedbackForm}</>
  const givers = scorersIn(session.participants)
  const scoring = stillScoringIn(session.participants)
  return (
    <section aria-labelledby="feedback-wait-heading">
      <PhaseHeading id="feedback-wait-heading">
        {session.circuit ? 'Change-over: the examiner finishes marking' : scoring.length > 0 ? 'Consultation Complete - waiting for feedback from Patient and Observer' : 'Consultation Complete - feedback is in'}
      </PhaseHeading>
      <List aria-label="Feedback so far">
        {givers.map((p) => (
          <li key={p.id}>
            {p.name} ({roleLabel(p.role)}): {p.hasGivenFeedback ? <Done>feedback given</Done> : p.hasCompleted ? 'closed without scoring' : 'still scoring'}
          </li>
        ))}
      </List>
      <RoundOutlook session={session} userId={userId} />
      <p>Your feedback appears on your dashboard once this round is over.</p>
      {!session.participants.find((p) => p.role === 'doctor')?.joinedAfterConsultation && (
        <>
          <SelfAssessment code={session.code} />
          <RoundCaseFeedback session={session} userId={userId} />
        </>
      )}
    </section>
  )
}

/** What happens next, and when: said the same way to the doctor and to each scorer who has submitted. */
function RoundOutlook({ session, userId }: { session: RoomSession; userId: number }) {
  // A mock exam's clock moves on whoever has marked (the circuit bar says when); leaving would leave the circuit.
  if (session.circuit) return <p role="status">The next station starts by itself when the change-over ends. Stay in the room until the circuit is over.</p>
  const scoring = stillScoringIn(session.participants).filter((p) => p.userId !== userId)
  const next = nextRoundText(session.participants, userId)
  if (doctorFinishedIn(session.participants)) return <p role="status">The doctor has completed the session, so no further case starts. Use Exit to complete the session.</p>
  if (scoring.length > 0) {
    const waiting = `Waiting for ${listText(scoring.map((p) => personText(p, userId)))} to submit`
    return <p role="status">{next ? `${waiting}; then ${next}` : `${waiting}.`}</p>
  }
  return <p role="status">{next ? `Everyone has scored: ${next}` : 'Everyone has scored and nobody asked for another case. Use Exit to complete the session.'}</p>
}

/** What a patient or observer sees once their feedback is in: whom the round waits for, and what comes next. */
export function FeedbackSubmitted({ session, userId }: { session: RoomSession; userId: number }) {
  return (
    <Submitted>
      <PhaseHeading>Feedback Submitted</PhaseHeading>
      <p>Thank you. The doctor can read it on their dashboard.</p>
      <RoundOutlook session={session} userId={userId} />
      <RoundCaseFeedback session={session} userId={userId} />
    </Submitted>
  )
}

/**
 * Rating and reporting this round's case, for everyone who saw its consultation (issue 35). Shown beside the
 * feedback form too: the last scorer's submission draws the next case at once, so they may never see the page after.
 */
export const RoundCaseFeedback = ({ session, userId }: { session: RoomSession; userId: number }) => (
  <CaseFeedbackCard source={{ sessionCode: session.code, round: session.currentRound }} userId={userId} />
)

/** A patient or observer who arrived during this feedback phase: they saw nothing to score. */
export function JoinedAfterConsultation() {
  return (
    <LateArrival role="status">
      <PhaseHeading>Feedback for this case is under way</PhaseHeading>
      <p>You joined after this consultation ended, so there is nothing for you to score. The next case is yours to score.</p>
    </LateArrival>
  )
}

export function CompletedPhase() {
  return (
    <section aria-labelledby="completed-heading">
      <PhaseHeading id="completed-heading">Session Complete - Thank you for participating</PhaseHeading>
      <p>Feedback you received is on your dashboard.</p>
      <ButtonLink href="/dashboard">Return to Dashboard</ButtonLink>
    </section>
  )
}

const List = styled.ul`
  padding-left: 20px;
`

const Done = styled.strong`
  color: ${theme.color.success};
`

const LateArrival = styled.div`
  padding: 16px;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.primarySoft};
  h2 { font-size: 1.2rem; }
  p { margin: 0; }
`

const Submitted = styled.div`
  padding: 16px;
  border-radius: ${theme.radius.medium};
  background: ${theme.color.successSoft};
  color: ${theme.color.success};
  h2 { font-size: 1.2rem; }
  p { margin: 0; }
`
