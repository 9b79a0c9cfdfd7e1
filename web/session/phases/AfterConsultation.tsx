import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { RoomSession } from '../room/room-state.ts'
import { ButtonLink } from '../../components/Button.tsx'
import { theme } from '../../theme.ts'
import { PhaseHeading } from '../PhaseHeading.tsx'
import { roleLabel } from '../RoleBadge.tsx'
import { SelfAssessment } from '../../debrief/SelfAssessment.tsx'

/** Feedback: the doctor waits for the scores; the patient and observer give them. */
export function FeedbackPhase({ session, feedbackForm }: { session: RoomSession; feedbackForm: ReactNode }) {
  if (session.role !== 'doctor') return <>{feedbackForm}</>
  const givers = session.participants.filter((p) => p.role !== 'doctor' && !p.joinedAfterConsultation)
  return (
    <section aria-labelledby="feedback-wait-heading">
      <PhaseHeading id="feedback-wait-heading">Consultation Complete - waiting for feedback from Patient and Observer</PhaseHeading>
      <List aria-label="Feedback so far">
        {givers.map((p) => (
          <li key={p.id}>
            {p.name} ({roleLabel(p.role)}): {p.hasGivenFeedback ? <Done>feedback given</Done> : 'still scoring'}
          </li>
        ))}
      </List>
      <p>Your feedback appears on your dashboard once this round is over. Use Exit to complete the session.</p>
      {!session.participants.find((p) => p.role === 'doctor')?.joinedAfterConsultation && <SelfAssessment code={session.code} />}
    </section>
  )
}

const NO_NEXT_CASE = {
  noCaseLeft: 'No case is left in this topic, so no new case was started.',
  doctorFinished: 'The doctor has completed the session, so no new case was started.',
}

/**
 * What a patient or observer sees once their feedback is in. `noNextCase`: the patient asked for the next case
 * and none was started, and why.
 */
export function FeedbackSubmitted({ noNextCase = null }: { noNextCase?: keyof typeof NO_NEXT_CASE | null }) {
  return (
    <Submitted role="status">
      <PhaseHeading>Feedback Submitted</PhaseHeading>
      <p>Thank you. The doctor can read it on their dashboard.</p>
      {noNextCase && <p>{NO_NEXT_CASE[noNextCase]} Use Exit to complete the session.</p>}
    </Submitted>
  )
}

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
