import { hasEnded } from '../../../schemas/session/participants.ts'
import type { SessionState } from '../../../schemas/session/types.ts'
import type { CommittedBatch, SessionVersion } from './bus.ts'

export interface OrderedDeliveryOptions {
  /**
   * The batches committed in a version window, read from the store (commit-reader.ts). `before` is the state
   * after `from - 1` when this instance delivered it, so the read need not rebuild it.
   */
  read(sessionId: number, from: number, to: number, before: SessionState | null): Promise<CommittedBatch[]>
  deliver(batch: CommittedBatch): void
  log: { error(object: unknown, message: string): void }
  /** How long to wait before reading again after the store could not be read. */
  retryDelayMs?: number
}

const RETRY_DELAY_MS = 1000
const REMEMBERED_ENDED_SESSIONS = 10_000

/**
 * The last version delivered per session, with the state after it for running sessions (null when delivery
 * started from a bare version). Running sessions are all kept; ended ones only the latest few thousand, long
 * enough for any notice still on its way about them to be recognised as already delivered.
 */
class DeliveredVersions {
  private readonly runningSessions = new Map<number, { version: number; state: SessionState | null }>()
  private readonly endedSessions = new Map<number, number>()

  get(sessionId: number): number | undefined {
    return this.runningSessions.get(sessionId)?.version ?? this.endedSessions.get(sessionId)
  }

  stateAfter(sessionId: number): SessionState | null {
    return this.runningSessions.get(sessionId)?.state ?? null
  }

  set(sessionId: number, version: number, state: SessionState | null): void {
    if (state === null || !hasEnded(state)) {
      this.runningSessions.set(sessionId, { version, state })
      return
    }
    this.runningSessions.delete(sessionId)
    this.endedSessions.delete(sessionId)
    this.endedSessions.set(sessionId, version)
    if (this.endedSessions.size > REMEMBERED_ENDED_SESSIONS) this.endedSessions.delete(this.endedSessions.keys().next().value!)
  }

  running(): number[] {
    return [...this.runningSessions.keys()]
  }
}

/**
 * One instance's delivery of committed batches, strictly in version order per session, each version exactly
 * once. Local commits and other instances' notices go through the same path; a notice only says "this session
 * reached version v", and whatever this instance has not delivered up to v is read from the store. So a notice
 * that is late, lost, or overtaken by a local commit costs a read, never a message.
 */
export function orderedDelivery(options: OrderedDeliveryOptions) {
  const { read, deliver, log, retryDelayMs = RETRY_DELAY_MS } = options
  const delivered = new DeliveredVersions()
  const queues = new Map<number, Promise<void>>()
  const retries = new Set<NodeJS.Timeout>()
  /**
   * Sessions this instance is committing to, with the highest version a notice reported meanwhile. A commit's
   * notice often arrives before the commit's own answer: held back until the local batch is delivered, it
   * then costs nothing, where handled at once it would read from the store what is about to be delivered anyway.
   */
  const ownCommits = new Map<number, { pending: number; heard: number }>()
  let closed = false

  /** The version a session's next delivery must start with (1 for a session never heard of). */
  const nextVersion = (sessionId: number) => (delivered.get(sessionId) ?? 0) + 1

  const deliverNow = (batch: CommittedBatch) => {
    delivered.set(batch.sessionId, batch.events.at(-1)!.version, batch.state)
    deliver(batch)
  }

  /** Delivers everything after what was delivered, up to `target`; a local batch saves the read when it comes next. */
  const catchUp = async (sessionId: number, target: number, local?: CommittedBatch) => {
    const from = nextVersion(sessionId)
    if (target < from) return
    if (local?.events[0].version === from) return deliverNow(local)
    const batches = await read(sessionId, from, target, delivered.stateAfter(sessionId))
    if (batches.at(-1)?.events.at(-1)?.version !== target) throw new Error(`versions ${from}-${target} of session ${sessionId} are not all readable`)
    for (const batch of batches) deliverNow(batch)
  }

  const inOrder = (sessionId: number, target: number, work: () => Promise<void> | void) => {
    const next = (queues.get(sessionId) ?? Promise.resolve()).then(work).catch((error) => {
      log.error({ err: error, sessionId }, 'could not deliver committed session events; reading them again shortly')
      if (closed) return
      const retry = setTimeout(() => {
        retries.delete(retry)
        reached({ sessionId, version: target })
      }, retryDelayMs)
      retries.add(retry)
    })
    queues.set(sessionId, next)
    void next.then(() => {
      if (queues.get(sessionId) === next) queues.delete(sessionId)
    })
  }

  /** Some instance committed up to this version (a notice, or a catch-up after reconnecting). */
  const reached = ({ sessionId, version }: SessionVersion) => {
    const own = ownCommits.get(sessionId)
    if (own) own.heard = Math.max(own.heard, version)
    else if (queues.has(sessionId) || version >= nextVersion(sessionId)) inOrder(sessionId, version, () => catchUp(sessionId, version))
  }

  return {
    /** A batch this instance just committed: delivered at once when nothing of the session is still on its way. */
    local(batch: CommittedBatch) {
      const { sessionId } = batch
      const target = batch.events.at(-1)!.version
      if (!queues.has(sessionId) && batch.events[0].version === nextVersion(sessionId)) deliverNow(batch)
      else inOrder(sessionId, target, () => catchUp(sessionId, target, batch))
    },
    reached,
    /**
     * A commit of this instance to the session is on its way: notices about the session wait until the returned
     * function is called, once the commit's batch was handed to local() or the commit failed.
     */
    committing(sessionId: number): () => void {
      const own = ownCommits.get(sessionId) ?? { pending: 0, heard: 0 }
      own.pending += 1
      ownCommits.set(sessionId, own)
      return () => {
        own.pending -= 1
        if (own.pending > 0) return
        ownCommits.delete(sessionId)
        // A command still running while the app closes must not start a read of a closing database.
        if (own.heard > 0 && !closed) reached({ sessionId, version: own.heard })
      }
    },
    /**
     * Where delivery starts, when this instance first listens: what was committed before it reached nobody here.
     * A session first heard of later is new, and is delivered from its first version.
     */
    startFrom(versions: SessionVersion[]) {
      for (const { sessionId, version } of versions) {
        inOrder(sessionId, version, () => {
          if (delivered.get(sessionId) === undefined) delivered.set(sessionId, version, null)
          else return catchUp(sessionId, version)
        })
      }
    },
    /** The sessions still running as far as this instance knows: after a reconnect, these must be caught up too. */
    running: () => delivered.running(),
    /** Finishes the reads under way and stops retrying, so nothing reads the store once the database closes. */
    async close() {
      closed = true
      for (const retry of retries) clearTimeout(retry)
      retries.clear()
      while (queues.size > 0) await Promise.all(queues.values())
    },
  }
}
