import type { CaseView } from '../../../schemas/content.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import type { CaseVersionRef } from '../../content/case-bank-cache.ts'
import type { LiveHub } from '../../live/live-hub.ts'
import type { CommitChannel, CommittedBatch } from '../cluster/bus.ts'
import { planLiveMessages, type RoomMessage } from './live-messages.ts'
import type { CaseViewCache } from '../store/case-view-cache.ts'
import type { SessionLoader } from '../store/session-loader.ts'
import { participantViews, roleOf } from './session-view.ts'

/** What the session engine uses of the live channel. */
export type LiveChannel = Pick<LiveHub, 'publish' | 'isOnline' | 'onPresence'>

export interface BroadcasterOptions {
  commits: Pick<CommitChannel, 'subscribe'>
  live: LiveChannel
  loader: SessionLoader
  /** Shared with the routes: a case shown by a live message and then read by GET is read once. */
  caseViews: CaseViewCache
  now: () => number
  log: { error(object: unknown, message: string): void }
}

/**
 * Turns every committed batch (local or from another instance) into the live messages of WIRE.md and sends
 * each subscriber the version for their role at that point of the batch: only people in the room receive
 * anything, and the case inside a message is filtered for the recipient (session-view.ts). Batches of one
 * session go out strictly in order, even when one of them waits for its cases to load.
 */
export function startBroadcasting(options: BroadcasterOptions): () => Promise<void> {
  const { commits, live, loader, caseViews, now, log } = options
  const queues = new Map<number, Promise<void>>()

  const inOrder = (sessionId: number, work: () => Promise<void>) => {
    const next = (queues.get(sessionId) ?? Promise.resolve())
      .then(work)
      .catch((error) => log.error({ err: error, sessionId }, 'live broadcast failed'))
    queues.set(sessionId, next)
    void next.then(() => {
      if (queues.get(sessionId) === next) queues.delete(sessionId)
    })
  }

  const send = (state: SessionState, messages: RoomMessage[], cases: Map<number, CaseView>) => {
    const isOnline = (userId: number) => live.isOnline(state.code, userId)
    const context = { cases, isOnline, now: now() }
    for (const message of messages) {
      live.publish(state.code, { audienceOf: message.audienceOf, render: (audience) => message.render(audience, context) }, state.version)
    }
  }

  /** The case versions the messages show, by case id. */
  const loadCases = async (refs: CaseVersionRef[]) => {
    const cases = new Map<number, CaseView>()
    for (const ref of refs) {
      const found = await caseViews.get(ref)
      if (found) cases.set(ref.caseId, found)
    }
    return cases
  }

  /** The case versions the messages show, when each is in the cache already; else null. */
  const casesAtHand = (refs: CaseVersionRef[]) => {
    const cases = new Map<number, CaseView>()
    for (const ref of refs) {
      const known = caseViews.cached(ref)
      if (!known) return null
      if (known.view) cases.set(ref.caseId, known.view)
    }
    return cases
  }

  const onBatch = (batch: CommittedBatch) => {
    try {
      const { messages, cases: shown } = planLiveMessages(batch)
      if (messages.length === 0) return
      // Sent in the committing turn when nothing of the session is still on its way and its cases are at hand:
      // awaiting nothing, the messages do not wait behind the rest of the turn (the command's answer, say).
      const cases = queues.has(batch.sessionId) ? null : casesAtHand(shown)
      if (cases) send(batch.state, messages, cases)
      else inOrder(batch.sessionId, async () => send(batch.state, messages, await loadCases(shown)))
    } catch (error) {
      log.error({ err: error, sessionId: batch.sessionId }, 'live broadcast failed')
    }
  }

  // isOnline is part of every participant list: a connection coming or going is news for the room.
  const onPresence = ({ sessionCode }: { sessionCode: string }) =>
    void loader.idByCode(sessionCode).then((sessionId) => {
      if (sessionId === undefined) return
      inOrder(sessionId, async () => {
        const state = await loader.load(sessionId)
        if (!state) return
        const isOnline = (userId: number) => live.isOnline(sessionCode, userId)
        const participants = { type: 'PARTICIPANT_UPDATE', sessionCode, participants: participantViews(state, isOnline) }
        live.publish(sessionCode, { audienceOf: (userId) => (roleOf(state, userId) ? true : null), render: () => participants }, null)
      })
    }, (error) => log.error({ err: error }, 'presence update failed'))

  const unsubscribeBus = commits.subscribe(onBatch)
  const unsubscribePresence = live.onPresence(onPresence)
  // Stopping waits for the broadcasts under way, which may still be reading a case from the database.
  return async () => {
    unsubscribeBus()
    unsubscribePresence()
    await Promise.allSettled([...queues.values()])
  }
}
