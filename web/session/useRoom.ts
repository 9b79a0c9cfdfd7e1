import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { roomMachine } from './room/room-machine.ts'
import type { FeedbackSubmission } from './room/submit-choices.ts'
import type { LiveMessage } from '../../schemas/session-live.ts'
import type { Phase } from '../../schemas/session/types.ts'
import { needsReread } from './room/room-phase.ts'
import { errorMessage } from '../api/client.ts'
import { connectLive, type LiveConnection, type LiveStatus } from '../api/live.ts'
import { sessionsApi } from '../api/sessions.ts'
import { useAuth } from '../account/AuthContext.tsx'
import { authStore } from '../auth/auth-store.ts'
import { ACCESS_DENIED, NO_CODE, roomLoadError } from './RoomScreens.tsx'
import { useKeptDraft } from './feedback/useKeptDraft.ts'
import { observeServerEvent, readSession, serverNow } from './server-clock.ts'

/** The live channel's state, or 'stale': connected, but the session could not be read again after connecting. */
export type RoomLiveStatus = LiveStatus | 'stale'

const FEEDBACK_FAILED = 'Failed to submit feedback. Please try again.'
const RESYNC_ATTEMPTS = 4
const RESYNC_DELAY_MS = 2000

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
  },
})

/**
 * Runs the room: reads the session, then keeps it live. On every (re)connection of the live channel the session
 * is read again, with live messages held meanwhile, so nothing that happened while away is missed.
 */
export function useRoom(code: string) {
  const { user, token } = useAuth()
  const [snapshot, send] = useMachine(browserRoomMachine, { input: { userId: user?.id ?? 0, isAdmin: user?.role === 'ADMIN' } })
  const [liveStatus, setLiveStatus] = useState<RoomLiveStatus>('connecting')
  const live = useRef<LiveConnection | null>(null)
  const loading = snapshot.matches('loading')
  const inRoom = snapshot.matches('room')
  useKeptDraft(code, snapshot, send)

  /** Reads the session into the room; false when the answer could not be had (the room keeps what it has). */
  const read = useCallback(
    async (signal?: AbortSignal): Promise<boolean> => {
      if (!code) return failLoad(NO_CODE)
      try {
        const details = await readSession(code, signal)
        if (signal?.aborted) return false
        if (!details) return failLoad('Session data not found')
        if (!details.userRole) return failLoad(ACCESS_DENIED)
        send({ type: 'SNAPSHOT', details, serverNow: serverNow() })
        return true
      } catch (failure) {
        if (signal?.aborted) return false
        if (loading) send({ type: 'LOAD_FAILED', message: roomLoadError(failure, code) })
        return false
      }
      function failLoad(message: string) {
        send({ type: 'LOAD_FAILED', message })
        return false
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
  const resyncTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const resyncRun = useRef<AbortController | null>(null)
  const stopResync = useCallback(() => {
    resyncRun.current?.abort()
    clearTimeout(resyncTimer.current)
  }, [])
  const resyncRef = useRef<() => void>(() => {})
  const phaseShown = useRef<Phase | null>(null)
  phaseShown.current = snapshot.context.session?.phase ?? null
  useEffect(() => {
    if (!inRoom || live.current || !token) return
    /**
     * After each (re)connection the session is read again; a read that fails (a blip, a busy server) is tried
     * again, since what happened while the channel was down would otherwise stay missed. When it keeps failing,
     * the room says so ('stale') and offers Retry, which reads again. A new run (reconnect, Retry) or leaving
     * the room ends the one before, reads in flight included.
     */
    const resync = async (run: AbortSignal, attempt: number) => {
      const fresh = await readRef.current(run)
      if (run.aborted) return
      if (fresh) return setLiveStatus((status) => (status === 'stale' ? 'connected' : status))
      if (attempt >= RESYNC_ATTEMPTS) return setLiveStatus('stale')
      resyncTimer.current = setTimeout(() => void resync(run, attempt + 1), RESYNC_DELAY_MS * attempt)
    }
    resyncRef.current = () => {
      stopResync()
      resyncRun.current = new AbortController()
      void resync(resyncRun.current.signal, 1)
    }
    live.current = connectLive(code, authStore.token, {
      onMessage: (message: LiveMessage) => {
        if (message.type === 'PHASE_CHANGE' || message.type === 'TIMER_START') observeServerEvent(message.startTimestamp)
        // A phase the session machine cannot reach from the one shown: not shown; the session is read again.
        const shown = phaseShown.current
        if (shown && (message.type === 'PHASE_CHANGE' || message.type === 'SESSION_UPDATE') && needsReread(shown, message)) return resyncRef.current()
        send({ type: 'LIVE', message })
      },
      onConnected: () => {
        send({ type: 'SYNC_STARTED' })
        resyncRef.current()
      },
      onStatus: setLiveStatus,
    })
  }, [inRoom, code, token, send, stopResync])

  useEffect(
    () => () => {
      stopResync()
      live.current?.close()
      live.current = null
    },
    [stopResync],
  )

  const disconnect = useCallback(() => {
    live.current?.close()
  }, [])
  const retryLive = useCallback(() => (liveStatus === 'stale' ? resyncRef.current() : live.current?.retry()), [liveStatus])

  return { snapshot, send, liveStatus, retryLive, disconnect }
}
