import type { FastifyInstance } from 'fastify'
import { contactContracts } from '../../schemas/api/contact.ts'
import type { ContactFields } from '../../schemas/contact.ts'
import type { Mail, Mailer } from '../accounts/mailer.ts'
import type { Db } from '../db/connect.ts'
import { badRequest, notFound } from '../errors.ts'
import { serve } from '../route-contract.ts'
import { contactMessages, contactMessageView, countWaitingMessages, deleteContactMessage, setMessageHandled, storeContactMessage } from './contact-repo.ts'
import { contactTickets } from './form-ticket.ts'

export interface ContactOptions {
  db: Db
  mailer: Mailer
  /** Where each message is mailed (CONTACT_EMAIL); null keeps it in the admin's inbox only. */
  contactEmail: string | null
  publicUrl: string
  secret: string
  rateLimits: boolean
  now: () => number
}

export const MESSAGE_RECEIVED = 'Thank you: your message has reached us. A volunteer will answer by email.'
const MESSAGE_NOT_FOUND = 'Message not found'

/** /api/contact (anyone) and /api/admin/contact-messages (admins): the landing's contact inbox. */
export async function contactRoutes(app: FastifyInstance, options: ContactOptions) {
  const { db } = options
  const tickets = contactTickets(options.secret, options.now)

  serve(app, contactContracts.ticket, {}, async () => ({ ticket: tickets.issue() }))

  // A person writes a few messages an hour at most; a script that solved the ticket still gets five.
  const rateLimit = options.rateLimits ? { max: 5, timeWindow: '1 hour' } : (false as const)
  serve(app, contactContracts.send, { config: { rateLimit } }, async (request, { body }, reply) => {
    const { ticket, website, ...fields } = body
    if (website !== '') {
      // Only a bot fills a field nobody sees. It is told what a person is told, so it learns nothing.
      request.log.info('contact form: a filled honeypot, message dropped')
      reply.code(202)
      return { message: MESSAGE_RECEIVED }
    }
    const check = tickets.check(ticket)
    if (check === 'too-soon') throw badRequest('That was quick: please check your message, then send it again.')
    if (check !== 'ok') throw badRequest('This form has been open too long. Please send it again.', { staleTicket: true })
    const row = await storeContactMessage(db, fields)
    if (options.contactEmail) {
      // Stored first: a mail server that is down loses no message, the admin tab still lists it.
      await options.mailer.send(contactMail(options.contactEmail, fields, options.publicUrl)).catch((error: Error) => request.log.error({ err: error, messageId: row.id }, 'could not mail a contact message'))
    }
    reply.code(202)
    return { message: MESSAGE_RECEIVED }
  })

  serve(app, contactContracts.messages, { preHandler: app.requireAdmin }, async (_request, { query }) => {
    const [rows, waiting] = await Promise.all([contactMessages(db, query.show), countWaitingMessages(db)])
    return { messages: rows.map(contactMessageView), waiting }
  })

  serve(app, contactContracts.setHandled, { preHandler: app.requireAdmin }, async (request, { params: { id }, body: { handled } }) => {
    const row = await setMessageHandled(db, id, handled ? request.currentUser.name : null)
    if (!row) throw notFound(MESSAGE_NOT_FOUND)
    return { message: handled ? 'Marked as answered' : 'Back among the waiting messages', contactMessage: contactMessageView(row) }
  })

  serve(app, contactContracts.remove, { preHandler: app.requireAdmin }, async (_request, { params: { id } }) => {
    if (!(await deleteContactMessage(db, id))) throw notFound(MESSAGE_NOT_FOUND)
    return { message: 'Message deleted' }
  })
}

function contactMail(to: string, fields: ContactFields, publicUrl: string): Mail {
  const oneLineName = fields.name.replace(/\s+/g, ' ')
  return {
    to,
    replyTo: { name: oneLineName, address: fields.email },
    subject: `Contact form: ${oneLineName}`,
    text: [
      `${oneLineName} <${fields.email}> wrote through the contact form:`,
      '',
      fields.message,
      '',
      '---',
      `Reply to this mail to answer them. Every message is also in the admin panel, tab Messages: ${publicUrl}/admin`,
    ].join('\n'),
  }
}
