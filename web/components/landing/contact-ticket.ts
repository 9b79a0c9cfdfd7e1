import { CONTACT_MIN_FILL_SECONDS } from '../../../schemas/contact.ts'

/** A little over the server's minimum, so that a slow clock tick never turns a person away as too quick. */
const MARGIN_MS = 300

/**
 * The contact form's ticket (server/contact/form-ticket.ts) and when it arrived. ready() hands it over once it
 * is old enough for the server to accept, waiting out the rest if the visitor was quicker, so a person never
 * sees the "too quick" refusal a bot gets.
 */
export function contactTicketHolder(
  fetchTicket: () => Promise<{ ticket: string }>,
  now: () => number = () => performance.now(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  let held: { ticket: string; receivedAt: number } | null = null
  let fetching: Promise<void> | null = null

  const fetchOnce = () => {
    fetching ??= fetchTicket()
      .then(({ ticket }) => {
        held = { ticket, receivedAt: now() }
      })
      .finally(() => {
        fetching = null
      })
    return fetching
  }

  return {
    /** Asks for a ticket ahead of time (when the form is shown); a failure is retried by ready(). */
    prefetch: () => void fetchOnce().catch(() => undefined),
    /** The server found the ticket stale: the next ready() fetches another. */
    forget: () => {
      held = null
    },
    async ready(): Promise<string> {
      if (!held) await fetchOnce()
      const ticket = held!
      const wait = CONTACT_MIN_FILL_SECONDS * 1000 + MARGIN_MS - (now() - ticket.receivedAt)
      if (wait > 0) await sleep(wait)
      return ticket.ticket
    },
  }
}
