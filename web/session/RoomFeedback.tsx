import { criteriaOf } from './room/case-content.ts'
import type { RoomEvent } from './room/room-context.ts'
import type { RoomSnapshot } from './room/room-machine.ts'
import { roomCapabilities } from './room/room-capabilities.ts'
import type { RoomSession } from './room/room-state.ts'
import { choicesFor, feedbackPart, rotationPreview } from './room/submit-choices.ts'
import { FeedbackForm } from './feedback/FeedbackForm.tsx'
import { FeedbackSubmitted, JoinedAfterConsultation, RoundCaseFeedback } from './phases/AfterConsultation.tsx'
import { ProposedFromMarks } from './station/ProposedFromMarks.tsx'

/**
 * The patient's or observer's feedback, from the room machine: fill in during the consultation, submit in the
 * feedback phase. "Submit & Close" leads to the dashboard (SessionRoom, which stays when the room moves on).
 */
export function RoomFeedback({ snapshot, session, send }: { snapshot: RoomSnapshot; session: RoomSession; send: (event: RoomEvent) => void }) {
  const { draft, formError, refusals } = snapshot.context
  const closing = snapshot.matches({ room: { form: 'closed' } })
  const submitted = closing || snapshot.matches({ room: { form: 'submitted' } })
  const { role } = session
  const part = feedbackPart(session, snapshot.context.userId, submitted)
  if (!role || part === 'none') return null
  if (part === 'submitted') return <FeedbackSubmitted session={session} userId={snapshot.context.userId} />
  if (part === 'joinedLate') return <JoinedAfterConsultation />
  return (
    <>
      <ProposedFromMarks session={session} userId={snapshot.context.userId} onUse={(scores) => scores.forEach((score, slot) => send({ type: 'SCORE', slot, score }))} />
      <FeedbackForm
        criteria={criteriaOf(session.selectedCase)}
        draft={draft}
        formError={formError}
        refusals={refusals}
        choices={roomCapabilities(session, snapshot.context.isAdmin).SubmitFeedback ? choicesFor(session.role, session.participants, session.circuit !== null) : []}
        rotationPreview={rotationPreview(session.participants, snapshot.context.userId)}
        busy={!snapshot.matches({ room: { form: 'editing' } })}
        onScore={(slot, score) => send({ type: 'SCORE', slot, score })}
        onComment={(text) => send({ type: 'COMMENT', text })}
        marking={{ role, onChange: (marking) => send({ type: 'MARKING', marking }) }}
        onSubmit={(submitChoice) => send({ type: 'SUBMIT', choice: submitChoice })}
      />
      {session.phase === 'FEEDBACK' && <RoundCaseFeedback session={session} userId={snapshot.context.userId} />}
    </>
  )
}
