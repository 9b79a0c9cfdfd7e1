import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import { roomMachine, type FeedbackSubmission } from '../../schemas/session-room/room-machine.ts'
import type { LiveMessage, ObserverFeedbackStatus } from '../../schemas/session-wire.ts'
import { errorMessage } from '../api/client.ts'
import { connectLive, type LiveConnection, type LiveStatus } from '../api/live.ts'
import { sessionsApi } from '../api/sessions.ts'
import { useAuth } from '../auth/AuthContext.tsx'
import { ACCESS_DENIED, NO_CODE, roomLoadError } from './RoomScreens.tsx'
import { observeServerEvent, serverNow } from './server-clock.ts'

export type RoomSnapshot = SnapshotFrom<typeof roomMachine>

const FEEDBACK_FAILED = 'Failed to submit feedback. Please try again.'

/** The room machine wired to this server: the two calls it makes while the user fills in the feedback form. */
const browserRoomMachine = roomMachine.provide({
  actors: {
    submitFeedback: fromPromise<unknown, FeedbackSubmission>(async ({ input }) => {
      try {
        return await sessionsApi.submitFeedback(input)
      } catch (failure) {
        throw new Error(errorMessage(failure, FEEDBACK_FAILED))
      }
    }),
    observerStatus: fromPromise<ObserverFeedbackStatus, { sessionCode: string }>(({ input }) => sessionsApi.observerFeedbackStatus(input.sessionCode)),
  },
})

/**
 * Runs the room: reads the session, then keeps it live. On every (re)connection of the live channel the session
 * is read again, with live messages held meanwhile, so nothing that happened while away is missed.
 */
export function useRoom(code: string) {
  const { user, token } = useAuth()
  const [snapshot, send] = useMachine(browserRoomMachine, { input: { userId: user?.id ?? 0 } })
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting')
  const live = useRef<LiveConnection | null>(null)
  const loading = snapshot.matches('loading')
  const inRoom = snapshot.matches('room')

  const read = useCallback(
    async (signal?: AbortSignal) => {
      if (!code) return send({ type: 'LOAD_FAILED', message: NO_CODE })
      try {
        const details = await sessionsApi.get(code, signal)
        if (signal?.aborted) return
        if (!details) return send({ type: 'LOAD_FAILED', message: 'Session data not found' })
        if (!details.userRole) return send({ type: 'LOAD_FAILED', message: ACCESS_DENIED })
        send({ type: 'SNAPSHOT', details, serverNow: serverNow() })
      } catch (failure) {
        if (signal?.aborted) return
        if (loading) send({ type: 'LOAD_FAILED', message: roomLoadError(failure, code) })
      }
    },
    [code, send, loading],
  )

  useEffect(() => {
    if (!loading) return
    const controller = new AbortController()
    void read(controller.signal)
    return () => controller.abort()
  }, [loading, read])

  // One live connection per room, opened once the session has been read (only participants may subscribe).
  const readRef = useRef(read)
  readRef.current = read
  useEffect(() => {
    if (!inRoom || live.current || !token) return
    live.current = connectLive(code, token, {
      onMessage: (message: LiveMessage) => {
        if (message.type === 'PHASE_CHANGE' || message.type === 'TIMER_START') observeServerEvent(message.startTimestamp)
        send({ type: 'LIVE', message })
      },
      onConnected: () => {
        send({ type: 'SYNC_STARTED' })
        void readRef.current()
      },
      onStatus: setLiveStatus,
    })
  }, [inRoom, code, token, send])

  useEffect(
    () => () => {
      live.current?.close()
      live.current = null
    },
    [],
  )

  const disconnect = useCallback(() => {
    live.current?.close()
  }, [])
  const retryLive = useCallback(() => live.current?.retry(), [])

  return { snapshot, send, liveStatus, retryLive, disconnect }
}
