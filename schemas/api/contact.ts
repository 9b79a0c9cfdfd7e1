import { IdParams } from '../content.ts'
import * as v from 'valibot'
import { ContactHandledBody, ContactMessageBody, ContactMessagesQuery, ContactMessageViewSchema, ContactTicketSchema } from '../contact.ts'
import { MessageAnswer, route } from './contract.ts'


/** The landing's contact form (anyone) and the admin's inbox (issue 30, item 14). */
export const contactContracts = {
  ticket: route('GET', '/contact/ticket', { answer: ContactTicketSchema }),
  send: route('POST', '/contact', { body: ContactMessageBody, answer: MessageAnswer }),
  /** `waiting` counts the unanswered messages whatever `show` lists: the tab's badge. */
  messages: route('GET', '/admin/contact-messages', {
    query: ContactMessagesQuery,
    answer: v.object({ messages: v.array(ContactMessageViewSchema), waiting: v.number() }),
  }),
  setHandled: route('PUT', '/admin/contact-messages/:id/handled', {
    params: IdParams,
    body: ContactHandledBody,
    answer: v.object({ message: v.string(), contactMessage: ContactMessageViewSchema }),
  }),
  remove: route('DELETE', '/admin/contact-messages/:id', { params: IdParams, answer: MessageAnswer }),
}
