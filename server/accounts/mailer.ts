import nodemailer from 'nodemailer'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'

export interface Mail {
  to: string
  /** Where a reply goes when it is not the sender (a contact message is answered to its writer). */
  replyTo?: { name: string; address: string }
  subject: string
  text: string
  /** A calendar invitation (.ics) for a planned practice slot, or its cancellation. */
  calendar?: { filename: string; method: 'REQUEST' | 'CANCEL'; content: string }
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Through SMTP_URL when set; otherwise into DATA_DIR/outbox, and for a local try-out also into the log, so a
 * local user can still reset. In production the log never carries a mail's text: a reset link in a log is a
 * live way into an account for whoever reads the logs.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string; log: FastifyBaseLogger; logText: boolean }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        const { calendar, ...fields } = mail
        const attachments = calendar ? [{ filename: calendar.filename, content: calendar.content, contentType: `text/calendar; charset=utf-8; method=${calendar.method}` }] : undefined
        await transport.sendMail({ from: options.from, ...fields, attachments })
      },
    }
  }
  return {
    async send(mail) {
      mkdirSync(options.outboxDir, { recursive: true })
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.txt`)
      const replyTo = mail.replyTo ? `Reply-To: ${mail.replyTo.name} <${mail.replyTo.address}>\n` : ''
      writeFileSync(file, `To: ${mail.to}\n${replyTo}Subject: ${mail.subject}\n\n${mail.text}\n`)
      if (mail.calendar) writeFileSync(`${file}.ics`, mail.calendar.content)
      if (options.logText) options.log.info({ to: mail.to, file }, `No SMTP_URL set: mail written to ${file}\n${mail.text}`)
      else options.log.warn({ file }, `No SMTP_URL set: a mail was written to ${file} instead of being sent`)
    },
  }
}

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your PLAB Practice password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your PLAB Practice account.',
      'Open this link within 15 minutes to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  }
}
