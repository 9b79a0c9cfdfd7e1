import { writtenTime } from '../../schemas/time-zones.ts'
import type { Mail } from '../accounts/mailer.ts'

/**
 * The mail of agreeing a time (issue 36): a time proposed (or proposed back), accepted, declined, withdrawn. Each
 * goes to one person's address and names the other by name only; the time is written in the reader's zone, with
 * the other person's clock beside it. The planned session's own mail (.ics, reminders) is the board's.
 */

export interface Person {
  name: string
  email: string
  timeZone: string | null
}

/** "Tuesday 1 December 2026, 19:00 GMT (00:00 on Wednesday 2 December 2026 for Amir, Asia/Karachi)". */
function bothClocks(startsAt: Date, reader: Person, other: Person): string {
  const mine = writtenTime(startsAt.getTime(), { zone: reader.timeZone ?? 'UTC', locale: 'en-GB', nameZone: true, length: 'long' })
  if (!other.timeZone || other.timeZone === reader.timeZone) return mine
  const theirs = writtenTime(startsAt.getTime(), { zone: other.timeZone, locale: 'en-GB', nameZone: false, length: 'long' })
  return `${mine} (${theirs} for ${other.name}, ${other.timeZone})`
}

const lines = (...text: string[]) => text.join('\n')
const noteLines = (note: string, from: Person) => (note ? ['', `${from.name} wrote: ${note}`] : [])

/** To the one a time is proposed to; `counter` when it answers a time they proposed. */
export function proposedMail(to: Person, from: Person, startsAt: Date, note: string, link: string, counter: boolean): Mail {
  return {
    to: to.email,
    subject: counter ? `${from.name} proposed another time` : `${from.name} proposed a time to practise`,
    text: lines(
      `Hello ${to.name},`,
      '',
      `${from.name} ${counter ? 'proposed another time instead of yours' : 'would like to practise PLAB 2 with you'}:`,
      bothClocks(startsAt, to, from),
      ...noteLines(note, from),
      '',
      'Accept, decline or propose another time on your partners page:',
      link,
    ),
  }
}

/** To the one who proposed: their time was accepted (the invitation follows apart) or declined. */
export function answeredMail(to: Person, by: Person, startsAt: Date, answer: 'ACCEPTED' | 'DECLINED', link: string): Mail {
  const accepted = answer === 'ACCEPTED'
  return {
    to: to.email,
    subject: accepted ? `${by.name} accepted your time` : `${by.name} declined your time`,
    text: lines(
      `Hello ${to.name},`,
      '',
      `${by.name} ${accepted ? 'accepted' : 'declined'} the time you proposed: ${bothClocks(startsAt, to, by)}.`,
      accepted ? 'It is now a planned session: the calendar invitation comes in its own mail, and we will remind you an hour and 15 minutes before.' : 'You may propose another time.',
      '',
      'Your partners page:',
      link,
    ),
  }
}

/** To the one a time was proposed to: the sender took it back. */
export function withdrawnMail(to: Person, from: Person, startsAt: Date, link: string): Mail {
  return {
    to: to.email,
    subject: `${from.name} withdrew a proposed time`,
    text: lines(`Hello ${to.name},`, '', `${from.name} withdrew the time they proposed: ${bothClocks(startsAt, to, from)}.`, '', 'Your partners page:', link),
  }
}
