import type { CaseView } from '../../schemas/content.ts'
import type { SessionEvent, SessionRole, SessionState } from '../../schemas/session/types.ts'
import type { LiveMessage } from '../../schemas/session-wire.ts'
import type { CommittedBatch } from './bus.ts'
import { lowerRole, participantViews, sessionUpdateMessage, type IsOnline } from './session-view.ts'

/** What rendering needs beside the batch: the current case in full (filtered per role) and presence. */
export interface RenderContext {
  fullCase: CaseView | null
  isOnline: IsOnline
  now: number
}

/** One message of a batch, rendered for a recipient's role. */
export type RoleMessage = (role: SessionRole, context: RenderContext) => LiveMessage

type SnapshotKind = 'SESSION_UPDATE' | 'PARTICIPANT_UPDATE'

interface Planned {
  /** Snapshots of the whole room render the state after the batch: one of each per batch is enough. */
  snapshot?: SnapshotKind
  render: RoleMessage
}

export interface LivePlan {
  messages: RoleMessage[]
  /** Whether any message carries the case, so the broadcaster loads it only then. */
  needsCase: boolean
}

export function planLiveMessages(batch: CommittedBatch): LivePlan {
  const sent = new Set<SnapshotKind>()
  const messages: RoleMessage[] = []
  for (const { event } of batch.events) {
    for (const planned of messagesOf(event, batch.state)) {
      if (planned.snapshot) {
        if (sent.has(planned.snapshot)) continue
        sent.add(planned.snapshot)
      }
      messages.push(planned.render)
    }
  }
  return { messages, needsCase: sent.has('SESSION_UPDATE') }
}

/**
 * Which live messages each stored event causes, in the order the spec's client expects them (WIRE.md section
 * 3): join -> PARTICIPANT_UPDATE + SESSION_UPDATE; a new reading phase (start, new case, new round) ->
 * SESSION_UPDATE + PHASE_CHANGE + TIMER_START; an automatic or skipped phase -> PHASE_CHANGE (+ TIMER_START for
 * consultation), never a SESSION_UPDATE.
 */
function messagesOf(event: SessionEvent, state: SessionState): Planned[] {
  const sessionCode = state.code
  const nameOf = (userId: number) => state.participants.find((p) => p.userId === userId)?.name ?? 'A participant'
  const same = (message: LiveMessage): Planned => ({ render: () => message })
  const sessionUpdate: Planned = {
    snapshot: 'SESSION_UPDATE',
    render: (role, { fullCase, isOnline, now }) => sessionUpdateMessage(state, fullCase, role, isOnline, now),
  }
  const participantUpdate: Planned = {
    snapshot: 'PARTICIPANT_UPDATE',
    render: (_role, { isOnline }) => ({ type: 'PARTICIPANT_UPDATE', sessionCode, participants: participantViews(state, isOnline) }),
  }
  switch (event.type) {
    case 'SessionCreated':
      return []
    case 'ParticipantJoined':
      return [participantUpdate, sessionUpdate]
    case 'ParticipantLeft': {
      const leaver = state.participants.find((p) => p.userId === event.userId)
      const userRole = lowerRole(leaver?.role ?? 'OBSERVER')
      return [same({ type: 'USER_LEFT', sessionCode, userId: event.userId, userName: nameOf(event.userId), userRole }), participantUpdate]
    }
    case 'SessionConfigured':
    case 'CaseAssigned':
    case 'TopicAdded':
      return [sessionUpdate]
    case 'TopicSelectionNeeded': {
      const { completedTopic, availableTopics } = event
      const message = `All cases in ${completedTopic} have been completed. Please select a new topic.`
      return [same({ type: 'TOPIC_SELECTION_NEEDED', sessionCode, completedTopic, availableTopics, message })]
    }
    case 'PhaseStarted': {
      const { phase, startTimestamp, durationSeconds } = event
      if (phase !== 'READING' && phase !== 'CONSULTATION') {
        return [same({ type: 'PHASE_CHANGE', sessionCode, phase, startTimestamp, durationSeconds: 0 })]
      }
      const message = `${phase === 'READING' ? 'Reading' : 'Consultation'} timer started: ${durationSeconds} seconds`
      return [
        ...(phase === 'READING' ? [sessionUpdate] : []),
        same({ type: 'PHASE_CHANGE', sessionCode, phase, startTimestamp, durationSeconds }),
        ...(durationSeconds > 0 ? [same({ type: 'TIMER_START', sessionCode, phase, durationSeconds, startTimestamp, message })] : []),
      ]
    }
    case 'RolesSwapped': {
      const message = `Roles swapped: ${nameOf(event.newDoctorUserId)} is now the doctor and ${nameOf(event.newPatientUserId)} the patient`
      return [same({ type: 'ROLE_CHANGE', sessionCode, message }), sessionUpdate]
    }
    case 'FeedbackSubmitted':
    case 'ParticipantCompleted':
      return [participantUpdate]
    case 'SessionEnded':
      return [same({ type: 'SESSION_ENDED', sessionCode, reason: event.reason, timestamp: new Date(event.at).toISOString() })]
  }
}
