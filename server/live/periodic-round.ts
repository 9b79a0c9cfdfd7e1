/** One connection's share of the work: it closes over what it needs. */
type Job = () => void

/**
 * One timer for a job every live connection repeats (a ping every 30 s, a token check every minute), in place of a
 * timer per connection (issue 38). Jobs are dealt in turn to a number of slots and the timer runs one slot's
 * jobs per tick, so each job runs once a period and the period's work is spread evenly over it, even when
 * thousands of connections opened in the same few seconds (their own timers would all fire together again).
 * A job first runs within one period of being added.
 */
export class PeriodicRound {
  private readonly slots: Set<Job>[]
  private readonly slotOf = new Map<Job, Set<Job>>()
  private nextSlot = 0
  /** Slots run since the schedule started, and when it started: slot k is due at startedAt + (k + 1) x periodMs / slots. */
  private slotsRun = 0
  private startedAt = 0
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly periodMs: number,
    slotCount = 30,
  ) {
    this.slots = Array.from({ length: slotCount }, () => new Set<Job>())
  }

  add(job: Job) {
    if (this.slotOf.has(job)) return
    const slot = this.slots[this.nextSlot]
    this.nextSlot = (this.nextSlot + 1) % this.slots.length
    slot.add(job)
    this.slotOf.set(job, slot)
    if (this.timer) return
    this.startedAt = performance.now()
    this.slotsRun = 0
    // Timers keep whole milliseconds: the tick only looks for due slots, so the period stays exact on average.
    this.timer = setInterval(() => this.tick(), Math.max(1, Math.floor(this.periodMs / this.slots.length))).unref()
  }

  delete(job: Job) {
    this.slotOf.get(job)?.delete(job)
    this.slotOf.delete(job)
    if (this.slotOf.size === 0 && this.timer) {
      clearInterval(this.timer)
      this.timer = null
    }
  }

  private tick() {
    const now = performance.now()
    const slotMs = this.periodMs / this.slots.length
    const due = Math.floor((now - this.startedAt) / slotMs)
    if (due <= this.slotsRun) return
    // One slot a tick, however late: a tick over a slot late shifts the schedule rather than catching up, so a job
    // never runs sooner than a period less two slots after its last run (a ping is never judged unanswered a moment
    // after it went out, as catching up after a stall would).
    if (due > this.slotsRun + 1) this.startedAt = now - (this.slotsRun + 1) * slotMs
    const slot = this.slots[this.slotsRun % this.slots.length]
    this.slotsRun += 1
    // A job may remove itself (a dead socket dropped): Set iteration allows that.
    for (const job of slot) job()
  }
}
