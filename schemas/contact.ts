import * as v from 'valibot'
import { emailField } from './fields.ts'

/** The landing's contact form and the admin's inbox (issue 30, item 14). */

export const CONTACT_NAME_MAX = 100
export const CONTACT_MESSAGE_MAX = 1500
/**
 * A person reads the form and types; a bot posts at once. A message sent sooner than this after its form was
 * handed out is refused (with a message a person can act on), so the ticket proves the wait without a third party.
 */
export const CONTACT_MIN_FILL_SECONDS = 3
/** A ticket older than this is stale: the page has sat open for a day, so the form asks for a fresh one. */
export const CONTACT_TICKET_HOURS = 12

/** What the visitor fills in; the form checks the same fields before sending. */
export const ContactFields = v.object({
  name: v.pipe(v.string('Please enter your name'), v.trim(), v.nonEmpty('Please enter your name'), v.maxLength(CONTACT_NAME_MAX, 'Please shorten your name')),
  email: emailField,
  message: v.pipe(
    v.string('Please enter a message'),
    v.trim(),
    v.nonEmpty('Please enter a message'),
    v.maxLength(CONTACT_MESSAGE_MAX, `Please keep the message under ${CONTACT_MESSAGE_MAX} characters`),
  ),
})
export type ContactFields = v.InferOutput<typeof ContactFields>

/**
 * POST /api/contact. `ticket` comes from GET /api/contact/ticket when the form is shown; `website` is a field
 * no person sees (a honeypot): filled in, the message is dropped as a bot's.
 */
export const ContactMessageBody = v.object({
  ...ContactFields.entries,
  ticket: v.pipe(v.string('The form is out of date: please reload the page'), v.maxLength(200, 'The form is out of date: please reload the page')),
  website: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
})

export const ContactTicketSchema = v.object({ ticket: v.string() })
export type ContactTicket = v.InferOutput<typeof ContactTicketSchema>

/** One message as the admin's Messages tab lists it. */
export const ContactMessageViewSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  message: v.string(),
  receivedAt: v.string(),
  /** When an admin marked it answered, and who; null while it waits. */
  handledAt: v.nullable(v.string()),
  handledBy: v.nullable(v.string()),
})
export type ContactMessageView = v.InferOutput<typeof ContactMessageViewSchema>

export const ContactMessagesQuery = v.object({
  show: v.optional(v.picklist(['waiting', 'all'], 'show must be waiting or all'), 'waiting'),
})

/** The outside links a deployment sets (COMMUNITY_URL, DONATION_URL, CONTACT_EMAIL); null ones are not shown. */
export const SiteLinksSchema = v.object({
  communityUrl: v.nullable(v.string()),
  donationUrl: v.nullable(v.string()),
  contactEmail: v.nullable(v.string()),
})
export type SiteLinks = v.InferOutput<typeof SiteLinksSchema>

/** PUT /api/admin/contact-messages/:id/handled: answered, or back to waiting. */
export const ContactHandledBody = v.object({
  handled: v.boolean('handled must be true or false'),
})
