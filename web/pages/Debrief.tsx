import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useParams } from 'wouter'
import type { Debrief as DebriefData } from '../../schemas/debrief.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { debriefApi } from '../api/debrief.ts'
import { API_BASE, errorMessage } from '../api/client.ts'
import { Alert } from '../components/Alert.tsx'
import { ButtonLink } from '../components/Button.tsx'
import { Card } from '../components/Card.tsx'
import { FormattedCaseText } from '../components/case-text/FormattedCaseText.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { CaseFeedbackCard } from '../case-feedback/CaseFeedbackCard.tsx'
import { DebriefScores } from '../debrief/DebriefScores.tsx'
import { RoundNotesCard } from '../debrief/RoundNotesCard.tsx'
import { RoundRecordings } from '../debrief/RoundRecordings.tsx'
import { CaseNotes } from '../session/CaseNotes.tsx'
import { findingsOf, imageSource } from '../session/room/case-content.ts'
import { useSessionCode } from '../session/SessionCode.tsx'
import { theme } from '../theme.ts'

/**
 * The doctor's debrief of one round: the scores and comments beside their own self-assessment, then the whole
 * case (the patient's script, the examination findings, the mark scheme). The server answers only the round's
 * doctor, and only once its feedback phase is over.
 */
export default function Debrief() {
  const code = useSessionCode()
  const round = Number(useParams<{ round: string }>().round)
  const [debrief, setDebrief] = useState<DebriefData | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { user } = useAuth()
  usePageTitle(debrief ? `Debrief: ${debrief.case.title}` : 'Debrief')

  useEffect(() => {
    let current = true
    debriefApi.get(code, round).then(
      (answer) => current && setDebrief(answer),
      (error: unknown) => current && setFailure(errorMessage(error, 'Could not open the debrief. Please try again.')),
    )
    return () => {
      current = false
    }
  }, [code, round])

  if (failure) {
    return (
      <Page>
        <h1>Debrief</h1>
        <Alert tone="error">{failure}</Alert>
        <ButtonLink href="/dashboard">Back to Dashboard</ButtonLink>
      </Page>
    )
  }
  if (!debrief) return <Page role="status">Loading the debrief…</Page>
  const findings = findingsOf(debrief.case)
  return (
    <Page>
      <h1>Debrief: {debrief.case.title}</h1>
      <Meta>
        {debrief.sessionTitle} · Round {debrief.round} · {debrief.case.category.name}
      </Meta>
      <Card>
        <DebriefScores debrief={debrief} />
      </Card>
      <RoundRecordings sessionCode={debrief.sessionCode} round={debrief.round} caseTitle={debrief.case.title} notes={debrief.notes} />
      {debrief.notes && (
        <Card>
          <RoundNotesCard notes={debrief.notes} />
        </Card>
      )}
      <Card>
        <CaseNotes view={debrief.case} />
      </Card>
      <Card aria-labelledby="debrief-findings-heading">
        <h2 id="debrief-findings-heading">Examination findings</h2>
        {!findings ? (
          <p>This case has no examination findings.</p>
        ) : findings.kind === 'image' ? (
          <Picture src={imageSource(findings.content, API_BASE)} alt="Examination findings" />
        ) : (
          <FormattedCaseText text={findings.content} />
        )}
      </Card>
      {user && <CaseFeedbackCard source={{ sessionCode: debrief.sessionCode, round: debrief.round }} userId={user.id} />}
      <ButtonLink href="/dashboard">Back to Dashboard</ButtonLink>
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: 900px;
  margin: 0 auto;
  padding: 24px 12px 32px;
  h1 { font-size: 1.5rem; overflow-wrap: anywhere; }
`

const Meta = styled.p`
  color: ${theme.color.muted};
`

const Picture = styled.img`
  display: block;
  max-width: 100%;
  max-height: 60vh;
`
