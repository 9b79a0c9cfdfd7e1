import type { CaseView } from '../../schemas/content.ts'
import type { SessionState } from '../../schemas/session/types.ts'
import { findCase } from '../content/cases-repo.ts'
import type { Db } from '../db/connect.ts'
import type { LiveHub, Rendering } from '../live/hub.ts'
import type { CommittedBatch, CommittedEvent, SessionBus } from './bus.ts'
import { planLiveMessages, type Audience, type RoomMessage } from './live-messages.ts'
import type { CaseViewCache } from './case-view-cache.ts'
import type { SessionLoader } from './session-loader.ts'
import { participantViews, roleOf } from './session-view.ts'

/** What the session engine uses of the live channel. */
export type LiveChannel = Pick<LiveHub, 'publish' | 'encodeAhead' | 'isOnline' | 'onPresence'>

/** A batch about to be committed: what its live messages are rendered from. */
export type LiveDraft = Pick<CommittedBatch, 'sessionId' | 'before' | 'state'> & { events: Pick<CommittedEvent, 'version' | 'event'>[] }

/**
 * A batch's live messages rendered and encoded while it was being committed, and the stamps of the cases they
 * show: they are sent as they are if the commit read the same stamps, else rendered again.
 */
export interface LiveAhead {
  messages: Rendering<unknown>[]
  caseStamps: Map<number, string>
}

export interface Broadcaster {
  /**
   * Renders and encodes a batch's live messages before it commits, for the subscribers there are now (null when
   * it cannot: a case they show is not at hand). A command does it while its statement is on its way, so that
   * once the commit answers, only the framing and the writes are left.
   */
  prepare(draft: LiveDraft): LiveAhead | null
  /** Stops broadcasting, once the broadcasts under way (which may be reading a case) are done. */
  stop(): Promise<void>
}

export interface BroadcasterOptions {
  bus: SessionBus
  live: LiveChannel
  db: Db
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
export function startBroadcasting(options: BroadcasterOptions): Broadcaster {
  const { bus, live, db, loader, caseViews, now, log } = options
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

  /** The messages as the live channel takes them, rendered with the cases and the room's presence now. */
  const renderings = (state: SessionState, messages: RoomMessage[], cases: Map<number, CaseView>): Rendering<unknown>[] => {
    const isOnline = (userId: number) => live.isOnline(state.code, userId)
    const context = { cases, isOnline, now: now() }
    return messages.map((message) => ({ audienceOf: message.audienceOf, render: (audience) => message.render(audience as Audience, context) }))
  }

  const publishAll = (state: SessionState, messages: Rendering<unknown>[]) => {
    for (const message of messages) live.publish(state.code, message, state.version)
  }

  const send = (state: SessionState, messages: RoomMessage[], cases: Map<number, CaseView>) => publishAll(state, renderings(state, messages, cases))

  /** The stamp the commit read of the session's case: that case comes from the cache under it, any other from the bank. */
  const stampFor = (caseId: number, { state, caseStamp }: CommittedBatch) => (caseStamp && caseId === state.caseId ? caseStamp : null)

  const loadCases = async (caseIds: number[], batch: CommittedBatch) => {
    const cases = new Map<number, CaseView>()
    for (const caseId of caseIds) {
      const stamp = stampFor(caseId, batch)
      const found = stamp ? await caseViews.get(caseId, stamp) : await findCase(db, caseId)
      if (found) cases.set(caseId, found)
    }
    return cases
  }

  /** The cases the messages show, when each is in the cache already; else null. */
  const casesAtHand = (caseIds: number[], batch: CommittedBatch) => {
    const cases = new Map<number, CaseView>()
    for (const caseId of caseIds) {
      const stamp = stampFor(caseId, batch)
      const known = stamp ? caseViews.cached(caseId, stamp) : null
      if (!known) return null
      if (known.view) cases.set(caseId, known.view)
    }
    return cases
  }

  /** Whether the messages rendered ahead show the cases as the commit read them. */
  const sameCases = ({ caseStamps }: LiveAhead, batch: CommittedBatch) => [...caseStamps].every(([caseId, stamp]) => stampFor(caseId, batch) === stamp)

  const onBatch = (batch: CommittedBatch) => {
    try {
      // Sent in the committing turn when nothing of the session is still on its way and its cases are at hand:
      // awaiting nothing, the messages do not wait behind the rest of the turn (the command's answer, say).
      const { liveAhead } = batch
      if (liveAhead && !queues.has(batch.sessionId) && sameCases(liveAhead, batch)) return publishAll(batch.state, liveAhead.messages)
      const { messages, caseIds } = planLiveMessages(batch)
      if (messages.length === 0) return
      const cases = queues.has(batch.sessionId) ? null : casesAtHand(caseIds, batch)
      if (cases) send(batch.state, messages, cases)
      else inOrder(batch.sessionId, async () => send(batch.state, messages, await loadCases(caseIds, batch)))
    } catch (error) {
      log.error({ err: error, sessionId: batch.sessionId }, 'live broadcast failed')
    }
  }

  const prepare = (draft: LiveDraft): LiveAhead | null => {
    const { messages, caseIds } = planLiveMessages(draft)
    const cases = new Map<number, CaseView>()
    const caseStamps = new Map<number, string>()
    for (const caseId of caseIds) {
      // Only the session's case can be checked against the commit's stamp (stampFor), as for a batch sent at once.
      const known = caseId === draft.state.caseId ? caseViews.latest(caseId) : null
      if (!known) return null
      caseStamps.set(caseId, known.stamp)
      if (known.view) cases.set(caseId, known.view)
    }
    const { code, version } = draft.state
    const ahead = renderings(draft.state, messages, cases).map((message) => ({ ...message, encoded: live.encodeAhead(code, message, version) }))
    return { messages: ahead, caseStamps }
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

  const unsubscribeBus = bus.subscribe(onBatch)
  const unsubscribePresence = live.onPresence(onPresence)
  return {
    prepare,
    async stop() {
      unsubscribeBus()
      unsubscribePresence()
      await Promise.allSettled([...queues.values()])
    },
  }
}
