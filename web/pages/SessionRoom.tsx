import { Suspense, useEffect, useRef, useState } from 'react'
import { lazyPage } from '../components/lazy-page.tsx'
import styled from 'styled-components'
import { navigate } from 'wouter/use-browser-location'
import { findingsOf } from '../session/room/case-content.ts'
import { Alert } from '../components/Alert.tsx'
import { Button } from '../components/Button.tsx'
import { RoomDebriefLinks } from '../debrief/RoomDebriefLinks.tsx'
import { usePageTitle } from '../components/usePageTitle.ts'
import { theme } from '../theme.ts'
import { CircuitBar } from '../session/CircuitBar.tsx'
import { ExitDialog } from '../session/dialogs/ConfirmDialogs.tsx'
import { TopicDialog } from '../session/dialogs/TopicDialog.tsx'
import { FindingsDialog } from '../session/FindingsDialog.tsx'
import { useFocusOnPhaseChange } from '../session/PhaseHeading.tsx'
import { ConsultationPhase } from '../session/phases/ConsultationPhase.tsx'
import { CompletedPhase, FeedbackPhase } from '../session/phases/AfterConsultation.tsx'
import { ReadingPhase } from '../session/phases/ReadingPhase.tsx'
import { WaitingPhase } from '../session/phases/WaitingPhase.tsx'
import { RoomFeedback } from '../session/RoomFeedback.tsx'
import { RoomHeader, phaseLabel } from '../session/RoomHeader.tsx'
import { RoomNotice } from '../session/RoomNotice.tsx'
import { RoomSafety } from '../session/RoomSafety.tsx'
import { RoomErrorScreen, SessionEndedScreen } from '../session/RoomScreens.tsx'
import { useRoom } from '../session/useRoom.ts'
import { LEAVE_DELAY_MS, useRoomActions } from '../session/useRoomActions.ts'
import { useSessionCode } from '../session/SessionCode.tsx'
import { useCountdown } from '../session/server-clock.ts'
import { useRoomSounds } from '../session/sounds.ts'
import { SoundsBlockedNotice } from '../session/SoundsBlockedNotice.tsx'
import { useBackGuard } from '../session/useBackGuard.ts'
import { StationNotes } from '../session/station/StationNotes.tsx'
import { RoomRecording } from '../session/recording/RoomRecording.tsx'
import { useAuth } from '../account/AuthContext.tsx'
import { roomCapabilities } from '../session/room/room-capabilities.ts'

/** The call's code (WebRTC, media, its own signalling) loads only once a room is open. */
const CallPanel = lazyPage(() => import('../session/call/CallPanel.tsx'))

export default function SessionRoom() {
  const code = useSessionCode()
  const { snapshot, send, liveStatus, retryLive, disconnect } = useRoom(code)
  const { user } = useAuth()
  const session = snapshot.context.session
  const actions = useRoomActions(code, {
    onConsultationEnded: () => send({ type: 'CONSULTATION_ENDED' }),
    onTopicSelectionNeeded: (message) => send({ type: 'LIVE', message }),
    disconnect,
  })
  const clock = useCountdown(session?.timer ?? null)
  useRoomSounds(session?.phase ?? null, session?.timer ?? null, clock?.remaining ?? null)
  const [findingsOpen, setFindingsOpen] = useState(false)
  // The phase when Exit was pressed: the dialog's words and its action must not change under the user's cursor
  // (confirming "Exit Session" must not complete the session because FEEDBACK began meanwhile).
  const [exitingInFeedback, setExitingInFeedback] = useState<boolean | null>(null)
  const ended = snapshot.matches('ended')
  const body = useRef<HTMLDivElement>(null)
  useFocusOnPhaseChange(session?.phase ?? null, body)
  useBackGuard(ended ? null : (session?.phase ?? null), () => setExitingInFeedback(session?.phase === 'FEEDBACK'))
  usePageTitle(session ? `${session.title} (${phaseLabel(session.phase)})` : 'Session room')

  useEffect(() => {
    if (ended) disconnect()
  }, [ended, disconnect])
  // "Submit & Close": leaving was decided, also when the round moves on first and the form is gone from the page.
  const closing = snapshot.matches({ room: { form: 'closed' } })
  useEffect(() => {
    if (!closing) return
    disconnect()
    setTimeout(() => navigate('/dashboard'), LEAVE_DELAY_MS)
  }, [closing, disconnect])

  if (ended) return <SessionEndedScreen reason={snapshot.context.endedReason ?? ''} resultSheet={session?.circuit ? `/session/${code}/results` : null} />
  if (snapshot.matches('failed')) return <RoomErrorScreen message={snapshot.context.loadError ?? ''} onRetry={() => send({ type: 'RETRY' })} />
  if (!session) {
    return (
      <Page>
        <RoomHeader title="" role={null} code={code} phase={null} participants={[]} onExit={() => navigate('/dashboard')} />
        <p role="status">Loading session…</p>
      </Page>
    )
  }

  const findings = findingsOf(session.selectedCase)
  const isDoctor = session.role === 'doctor'
  const can = roomCapabilities(session, user?.role === 'ADMIN')
  const feedbackForm = <RoomFeedback snapshot={snapshot} session={session} send={send} />
  const stationNotes = (
    <StationNotes
      session={session}
      userId={user?.id ?? 0}
      can={can}
      onProgress={(progress, version) => send({ type: 'LIVE', message: { type: 'STATION_PROGRESS', sessionCode: session.code, round: session.currentRound, version, ...progress } })}
    />
  )
  const showFindings = () => setFindingsOpen(true)

  return (
    <Page>
      <RoomHeader title={session.title} role={session.role} code={session.code} phase={session.phase} participants={session.participants} onExit={() => setExitingInFeedback(session.phase === 'FEEDBACK')} />
      {liveStatus === 'reconnecting' && <Banner role="status">Connection lost. Reconnecting…</Banner>}
      {liveStatus === 'failed' && (
        <Alert tone="error">
          Could not connect to the live session after 3 attempts, so changes by others will not appear.{' '}
          <Button type="button" $variant="secondary" onClick={retryLive}>
            Retry
          </Button>
        </Alert>
      )}
      {liveStatus === 'stale' && (
        <Alert tone="error">
          Could not refresh the session after reconnecting, so changes by others may be missing.{' '}
          <Button type="button" $variant="secondary" onClick={retryLive}>
            Retry
          </Button>
        </Alert>
      )}
      {actions.error && <Alert tone="error">{actions.error}</Alert>}
      <RoomNotice notice={snapshot.context.notice?.text ?? null} onDismiss={() => send({ type: 'DISMISS_NOTICE' })} />
      {session.circuit && (
        <CircuitBar
          code={session.code}
          circuit={session.circuit}
          mayPause={can.PauseCircuit}
          mayResume={can.ResumeCircuit}
          onChanged={(circuit) => circuit && send({ type: 'LIVE', message: { type: 'CIRCUIT', sessionCode: session.code, circuit } })}
        />
      )}
      <SoundsBlockedNotice phase={session.phase} />
      {user && session.role && session.phase !== 'COMPLETED' && (
        <Suspense fallback={null}>
          <CallPanel
            code={session.code}
            userId={user.id}
            participants={session.participants}
            telephoneCase={session.selectedCase?.telephoneConsultation === true}
            recorder={(call) => (
              // One file per round: a new round's recording starts afresh.
              <RoomRecording
                key={session.currentRound}
                call={call}
                session={session}
                userId={user.id}
                onChanged={(recording) => send({ type: 'LIVE', message: { type: 'RECORDING', sessionCode: session.code, recording } })}
              />
            )}
          />
        </Suspense>
      )}
      <Body ref={body}>
        {session.phase === 'WAITING' && (
          <WaitingPhase session={session} userId={user?.id ?? 0} canStart={can.Start} starting={actions.pending === 'start'} onStart={actions.start} />
        )}
        {session.phase === 'READING' && (
          <ReadingPhase
            session={session}
            clock={clock}
            controls={{ can, hasFindings: findings !== null, onShowFindings: showFindings, onSkip: actions.skip, onNewCase: () => actions.newCase(session.selectedCase?.id), pending: actions.pending }}
          />
        )}
        {session.phase === 'CONSULTATION' && (
          <ConsultationPhase
            session={session}
            clock={clock}
            hasFindings={findings !== null}
            onShowFindings={showFindings}
            mayEnd={can.SkipPhase}
            onEnd={actions.endConsultation}
            ending={actions.pending === 'endConsultation'}
            stationNotes={stationNotes}
            feedbackForm={feedbackForm}
          />
        )}
        {session.phase === 'FEEDBACK' && (
          <FeedbackPhase
            session={session}
            userId={user?.id ?? 0}
            feedbackForm={
              <>
                {stationNotes}
                {feedbackForm}
              </>
            }
          />
        )}
        {session.phase === 'COMPLETED' && <CompletedPhase />}
      </Body>
      <RoomDebriefLinks code={session.code} round={session.currentRound} phase={session.phase} />
      {user && <RoomSafety code={session.code} participants={session.participants} userId={user.id} />}
      <FindingsDialog key={findings?.content ?? ''} findings={findings} open={findingsOpen} onClose={() => setFindingsOpen(false)} />
      <ExitDialog
        open={exitingInFeedback !== null}
        inFeedback={exitingInFeedback === true}
        isDoctor={isDoctor}
        busy={actions.pending === 'exit'}
        onCancel={() => setExitingInFeedback(null)}
        onConfirm={() => void actions.exit(exitingInFeedback === true)}
      />
      <TopicDialog
        choice={session.topicChoice}
        mayChoose={can.SelectNewTopic}
        mayEnd={can.End}
        busy={actions.pending !== null}
        error={actions.topicError}
        onSelect={actions.selectTopic}
        onEnd={actions.endSession}
      />
    </Page>
  )
}

const Page = styled.div`
  width: 100%;
  max-width: ${theme.width.page};
  margin: 0 auto;
  padding: 20px 12px 32px;
`

const Body = styled.div`
  padding: 16px;
  background: ${theme.color.surface};
  border-radius: ${theme.radius.medium};
  box-shadow: ${theme.shadow.card};
  @media (max-width: 400px) { padding: 12px; }
`

const Banner = styled.p`
  padding: 10px 14px;
  border-radius: ${theme.radius.small};
  background: #fef3c7;
  color: #92400e;
  font-weight: 600;
`
