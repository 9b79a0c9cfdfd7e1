import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import type { RoomEvent } from './room/room-context.ts'
import { roomMachine, syncStatus } from './room/room-machine.ts'
import type { FeedbackSubmission } from './room/submit-choices.ts'
import type { LiveMessage } from '../../schemas/session-live.ts'
import { errorMessage } from '../api/client.ts'
import { connectLive, type LiveConnection } from '../api/live.ts'
import { sessionsApi } from '../api/sessions.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { authStore } from '../auth/auth-store.ts'
import { ACCESS_DENIED, NO_CODE, roomLoadError } from './RoomScreens.tsx'
import { useKeptDraft } from './feedback/useKeptDraft.ts'
import { observeServerEvent, readSession, serverNow } from './server-clock.ts'

/** What the room says of its live channel: reconnecting, given up, or connected but not read again ('stale'). */
export type RoomLiveStatus = 'reconnecting' | 'failed' | 'stale' | null

const FEEDBACK_FAILED = 'Failed to submit feedback. Please try again.'

/** Reads the session for the room machine's sync: refused, or not in it any more, counts as a failed read. */
async function readForRoom(code: string): Promise<Extract<RoomEvent, { type: 'SNAPSHOT' }>> {
  const details = await readSession(code)
  if (!details?.userRole) throw new Error('The session could not be read again')
  return { type: 'SNAPSHOT', details, serverNow: serverNow() }
}

/** The room machine wired to this server: the calls it makes while the user is in the room. */
const browserRoomMachine = roomMachine.provide({
  actors: {
    submitFeedback: fromPromise<unknown, FeedbackSubmission>(async ({ input }) => {
      try {
        return await sessionsApi.submitFeedback(input)
      } catch (failure) {
        throw new Error(errorMessage(failure, FEEDBACK_FAILED))
      }
    }),
    readSession: fromPromise<Extract<RoomEvent, { type: 'SNAPSHOT' }>, { code: string }>(({ input }) => readForRoom(input.code)),
  },
})

/**
 * Runs the room: reads the session, then keeps it live. The live channel feeds the room machine, whose sync region
 * reads the session again on every (re)connection and whenever news tells of a phase it cannot reach.
 */
export function useRoom(code: string) {
  const { user, token } = useAuth()
  const [snapshot, send] = useMachine(browserRoomMachine, { input: { code, userId: user?.id ?? 0, isAdmin: user?.role === 'ADMIN' } })
  const live = useRef<LiveConnection | null>(null)
  const loading = snapshot.matches('loading')
  const inRoom = snapshot.matches('room')
  useKeptDraft(code, snapshot, send)

  useEffect(() => {
    if (!loading) return
    const controller = new AbortController()
    const load = async () => {
      if (!code) return send({ type: 'LOAD_FAILED', message: NO_CODE })
      try {
        const details = await readSession(code, controller.signal)
        if (controller.signal.aborted) return
        if (!details) return send({ type: 'LOAD_FAILED', message: 'Session data not found' })
        if (!details.userRole) return send({ type: 'LOAD_FAILED', message: ACCESS_DENIED })
        send({ type: 'SNAPSHOT', details, serverNow: serverNow() })
      } catch (failure) {
        if (!controller.signal.aborted) send({ type: 'LOAD_FAILED', message: roomLoadError(failure, code) })
      }
    }
    void load()
    return () => controller.abort()
  }, [loading, code, send])

  // One live connection per room, opened once the session has been read (only participants may subscribe).
  useEffect(() => {
    if (!inRoom || live.current || !token) return
    live.current = connectLive(code, authStore.token, {
      onMessage: (message: LiveMessage) => {
        if (message.type === 'PHASE_CHANGE' || message.type === 'TIMER_START') observeServerEvent(message.startTimestamp)
        send({ type: 'LIVE', message })
      },
      onConnected: () => send({ type: 'SYNC_STARTED' }),
      onStatus: (status) => {
        if (status === 'reconnecting' || status === 'failed') send({ type: 'LIVE_LOST', status })
      },
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
  const sync = syncStatus(snapshot)
  const liveStatus: RoomLiveStatus = sync === 'reconnecting' || sync === 'failed' || sync === 'stale' ? sync : null
  const retryLive = useCallback(() => (sync === 'stale' ? send({ type: 'RESYNC' }) : live.current?.retry()), [sync, send])

  return { snapshot, send, liveStatus, retryLive, disconnect }
}
