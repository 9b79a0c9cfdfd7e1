import ICAL from 'ical.js'
import type { ReceivedMail } from '../helpers/smtp.ts'

/** Reading the mail the real SMTP receiver got: its text, waiting for one, and its calendar part parsed by ical.js. */

/** The raw mail with quoted-printable soft breaks and "=3D" undone, to match words in it. */
export const plain = (mail: ReceivedMail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')

export function mailReader(smtp: { received: ReceivedMail[] }) {
  const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((mail) => mail.to.includes(address) && subject.test(plain(mail)))
  /** The first mail to `address` matching `subject`, polled for up to five seconds. */
  async function waitForMail(address: string, subject: RegExp) {
    for (let n = 0; n < 50; n += 1) {
      const found = mailsTo(address, subject)
      if (found.length > 0) return found[0]
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no mail "${subject}" to ${address}`)
  }
  return { mailsTo, waitForMail }
}

/** The calendar attachment of a mail, parsed by ical.js (base64 or quoted-printable, as nodemailer chose). */
export function calendarIn(mail: ReceivedMail) {
  const part = mail.raw.split(/--[^\r\n]+\r?\n/).find((chunk) => /text\/calendar/i.test(chunk))
  if (!part) throw new Error('no calendar part')
  const [headers, ...body] = part.split(/\r?\n\r?\n/)
  const encoded = body.join('\n\n').trim()
  const text = /base64/i.test(headers) ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8') : encoded.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
  return new ICAL.Component(ICAL.parse(text))
}

export const invitationIn = (mail: ReceivedMail) => calendarIn(mail).getFirstSubcomponent('vevent')!

/** An event's start, epoch ms. */
export const startOf = (event: ICAL.Component) => (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime()
