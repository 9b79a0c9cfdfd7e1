import { useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import type { TopicSelectionNeededMessage } from '../../schemas/session-live.ts'
import { errorMessage } from '../api/client.ts'
import { sessionsApi } from '../api/sessions.ts'
import { useTimedMessage } from '../components/useTimedMessage.ts'

/** SPEC section 9: after ending the session the room waits 0.5 s before the dashboard. */
export const LEAVE_DELAY_MS = 500

export type RoomAction = 'start' | 'skip' | 'newCase' | 'endConsultation' | 'selectTopic' | 'endSession' | 'exit'

/**
 * Taken in the modal Topic Completed dialog, so their error is shown inside it (the page behind is inert) and
 * stays until the next try: the doctor cannot go on without reading it.
 */
const TOPIC_DIALOG_ACTIONS: ReadonlySet<RoomAction> = new Set(['selectTopic', 'endSession'])

/**
 * The doctor's controls and the exit, each with its SPEC section 8 message (the server's own words first).
 * One action runs at a time; its name is `pending` so its button can say so.
 */
export interface RoomActionHooks {
  onConsultationEnded: () => void
  /** New Case found the topic used up: the answer opens the topic dialog even if its live message is lost. */
  onTopicSelectionNeeded: (message: TopicSelectionNeededMessage) => void
  disconnect: () => void
}

export function useRoomActions(code: string, hooks: RoomActionHooks) {
  const [pending, setPending] = useState<RoomAction | null>(null)
  const error = useTimedMessage()
  const [topicError, setTopicError] = useState<string | null>(null)

  /** `leaving`: on success the page is about to leave, so the action stays pending and its buttons stay disabled. */
  const run = async (action: RoomAction, call: () => Promise<unknown>, failure: string, leaving = false): Promise<boolean> => {
    setPending(action)
    error.clear()
    setTopicError(null)
    try {
      await call()
      if (!leaving) setPending(null)
      return true
    } catch (problem) {
      const message = errorMessage(problem, failure)
      if (TOPIC_DIALOG_ACTIONS.has(action)) setTopicError(message)
      else error.show('error', message)
      setPending(null)
      return false
    }
  }

  const start = () => run('start', () => sessionsApi.start(code), 'Failed to start session')
  const skip = () => run('skip', () => sessionsApi.skipPhase(code, 'READING'), 'Failed to skip to consultation')
  const newCase = (replacingCaseId: number | undefined) =>
    run(
      'newCase',
      async () => {
        const answer = await sessionsApi.newCase(code, replacingCaseId)
        if (!('noMoreCases' in answer)) return
        const { currentTopic: completedTopic, availableTopics, message } = answer
        hooks.onTopicSelectionNeeded({ type: 'TOPIC_SELECTION_NEEDED', sessionCode: code, completedTopic, availableTopics, message })
      },
      'Failed to get new case',
    )
  const selectTopic = (topic: string) => run('selectTopic', () => sessionsApi.selectNewTopic(code, topic), 'Failed to select topic')

  const endConsultation = async () => {
    if (await run('endConsultation', () => sessionsApi.skipPhase(code, 'CONSULTATION'), 'Failed to transition to feedback phase. Please try again.')) hooks.onConsultationEnded()
  }

  const endSession = async () => {
    if (!(await run('endSession', () => sessionsApi.end(code), 'Failed to end session', true))) return
    hooks.disconnect()
    setTimeout(() => navigate('/dashboard'), LEAVE_DELAY_MS)
  }

  /** Exit: in the feedback phase the user completes the session, otherwise leaves it; the dashboard either way. */
  const exit = async (inFeedback: boolean) => {
    setPending('exit')
    await (inFeedback ? sessionsApi.complete(code) : sessionsApi.leave(code)).catch(() => {})
    hooks.disconnect()
    navigate('/dashboard')
  }

  return { pending, error: error.message?.text ?? null, topicError, start, skip, newCase, selectTopic, endConsultation, endSession, exit }
}
