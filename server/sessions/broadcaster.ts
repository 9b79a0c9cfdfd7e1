import type { CaseView } from '../../schemas/content.ts'
import type { SessionState } from '../../schemas/session/types.ts'
import { findCase } from '../content/cases-repo.ts'
import type { Db } from '../db/connect.ts'
import type { LiveHub } from '../live/hub.ts'
import type { CommittedBatch, SessionBus } from './bus.ts'
import { planLiveMessages, type RoleMessage } from './live-messages.ts'
import { findSessionByCode } from './queries.ts'
import type { SessionLoader } from './session-loader.ts'
import { participantViews, roleOf } from './session-view.ts'

/** What the session engine uses of the live channel. */
export type LiveChannel = Pick<LiveHub, 'publish' | 'isOnline' | 'onPresence'>

export interface BroadcasterOptions {
  bus: SessionBus
  live: LiveChannel
  db: Db
  loader: SessionLoader
  now: () => number
  log: { error(object: unknown, message: string): void }
}

/**
 * Turns every committed batch (local or from another instance) into the live messages of WIRE.md and sends
 * each subscriber the version for their role: only people still in the room receive anything, and the case
 * inside a message is filtered for the recipient (session-view.ts). Batches of one session go out strictly in
 * order, even when one of them waits for its case to load.
 */
export function startBroadcasting(options: BroadcasterOptions): () => void {
  const { bus, live, db, loader, now, log } = options
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

  const send = (state: SessionState, messages: RoleMessage[], fullCase: CaseView | null) => {
    const isOnline = (userId: number) => live.isOnline(state.code, userId)
    const context = { fullCase, isOnline, now: now() }
    for (const message of messages) {
      live.publish(state.code, (userId) => {
        const role = roleOf(state, userId)
        return role ? message(role, context) : null
      })
    }
  }

  const onBatch = (batch: CommittedBatch) =>
    inOrder(batch.sessionId, async () => {
      const { messages, needsCase } = planLiveMessages(batch)
      if (messages.length === 0) return
      const caseId = batch.state.caseId
      const fullCase = needsCase && caseId !== null ? ((await findCase(db, caseId)) ?? null) : null
      send(batch.state, messages, fullCase)
    })

  // isOnline is part of every participant list: a connection coming or going is news for the room.
  const onPresence = ({ sessionCode }: { sessionCode: string }) =>
    void findSessionByCode(db, sessionCode).then((row) => {
      if (!row) return
      inOrder(row.id, async () => {
        const state = await loader.load(row.id)
        if (!state) return
        const isOnline = (userId: number) => live.isOnline(sessionCode, userId)
        live.publish(sessionCode, (userId) =>
          roleOf(state, userId) ? { type: 'PARTICIPANT_UPDATE', sessionCode, participants: participantViews(state, isOnline) } : null,
        )
      })
    }, (error) => log.error({ err: error }, 'presence update failed'))

  const unsubscribeBus = bus.subscribe(onBatch)
  const unsubscribePresence = live.onPresence(onPresence)
  return () => {
    unsubscribeBus()
    unsubscribePresence()
  }
}
