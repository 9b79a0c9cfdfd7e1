/**
 * Work a timer or a live event started, not a request: a phase expiry, an offline participant's removal, a
 * broadcast reading its case. Fastify waits for requests in flight when it closes, not for these, so each owner
 * tracks its own and its close waits for them: the database is closed only once nothing is using it.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>()

  /** Runs `work` now, counted until it settles (its result, or its failure, is the caller's to handle). */
  track<T>(work: () => Promise<T>): Promise<T> {
    const running = work()
    this.running.add(running)
    const forget = () => void this.running.delete(running)
    running.then(forget, forget)
    return running
  }

  /** Settles once everything tracked has, including what was started meanwhile. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }
}
