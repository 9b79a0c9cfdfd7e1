import { createHmac, timingSafeEqual } from 'node:crypto'
import { CONTACT_MIN_FILL_SECONDS, CONTACT_TICKET_HOURS } from '../../schemas/contact.ts'

export type TicketCheck = 'ok' | 'forged' | 'too-soon' | 'stale'

/**
 * The contact form's proof of a person's pace, without a third party and without state: the server hands out the
 * time it issued the form, signed; a message must come back with it at least CONTACT_MIN_FILL_SECONDS later.
 * Every instance shares the secret, so any of them checks any ticket. The key is derived for this one use, so a
 * ticket is never a sign-in token.
 */
export function contactTickets(secret: string, now: () => number) {
  const key = createHmac('sha256', secret).update('contact-form-ticket').digest()
  const signature = (issuedAt: string) => createHmac('sha256', key).update(issuedAt).digest()

  return {
    issue(): string {
      const issuedAt = String(now())
      return `${issuedAt}.${signature(issuedAt).toString('base64url')}`
    },

    check(ticket: string): TicketCheck {
      const [issuedAt, signed, ...rest] = ticket.split('.')
      if (!/^\d{1,15}$/.test(issuedAt ?? '') || signed === undefined || rest.length > 0) return 'forged'
      const expected = signature(issuedAt)
      const given = Buffer.from(signed, 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged'
      const ageMs = now() - Number(issuedAt)
      if (ageMs < CONTACT_MIN_FILL_SECONDS * 1000) return 'too-soon'
      if (ageMs > CONTACT_TICKET_HOURS * 3600_000) return 'stale'
      return 'ok'
    },
  }
}
