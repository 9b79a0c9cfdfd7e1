import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { writtenTime } from '../../schemas/time-zones.ts'
import type { Mail } from '../accounts/mailer.ts'

/** The mail of planned slots (issue 20): confirmation with an invitation, the host's notice, reminder, cancellation. */

/** What every slot mail says of the slot. */
export interface SlotFacts {
  listingId: number
  title: string
  hostName: string
  startsAt: Date
  /** The invite link: the session's role page, which opens after sign-in. */
  link: string
  /**
   * The calendar event's organizer: the host's name at the address the mail comes from. Calendars apply a
   * cancellation only from the event's organizer, and the host's own address is never shown to guests.
   */
  organizer: { name: string; email: string }
}

export interface Recipient {
  name: string
  email: string
  timeZone: string | null
}

/** A practice slot is planned for an hour: one case with feedback, or two quick ones. */
const SLOT_LENGTH_MS = 60 * 60_000

/** The start in the recipient's own time zone (UTC when they have not set one), with the zone named. */
const startInZoneOf = (startsAt: Date, timeZone: string | null): string =>
  writtenTime(startsAt.getTime(), { zone: timeZone ?? 'UTC', locale: 'en-GB', nameZone: true, length: 'long' })

/**
 * A calendar's sequence numbers: the invitation is the event's first version, the cancellation a later one, so
 * a calendar that holds the invitation takes the cancellation as newer and removes the event.
 */
const SEQUENCE = { REQUEST: 0, CANCEL: 1 } as const

/**
 * The slot as one calendar event, an invitation (REQUEST) or its cancellation (CANCEL). Its UID is stable, so a
 * calendar updates or removes the one entry rather than adding more.
 */
export function slotCalendar(slot: SlotFacts, attendee: Recipient, method: 'REQUEST' | 'CANCEL'): string {
  const calendar = ical({ prodId: { company: 'PLAB Practice', product: 'Find Partners', language: 'EN' }, method: ICalCalendarMethod[method] })
  calendar.createEvent({
    id: `plab-slot-${slot.listingId}@plab-practice`,
    sequence: SEQUENCE[method],
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    start: slot.startsAt,
    end: new Date(slot.startsAt.getTime() + SLOT_LENGTH_MS),
    summary: `PLAB 2 practice: ${slot.title}`,
    description: `Practice with ${slot.hostName}. Open the room: ${slot.link}`,
    url: slot.link,
    organizer: slot.organizer,
    attendees: [{ name: attendee.name, email: attendee.email }],
  })
  return calendar.toString()
}

const lines = (...text: string[]) => text.join('\n')

export function confirmationMail(slot: SlotFacts, to: Recipient, role: string): Mail {
  return {
    to: to.email,
    subject: `Practice booked: ${slot.title}`,
    text: lines(
      `Hello ${to.name},`,
      '',
      `You have a seat as the ${role.toLowerCase()} in "${slot.title}", hosted by ${slot.hostName},`,
      `on ${startInZoneOf(slot.startsAt, to.timeZone)}.`,
      '',
      'The invitation is attached; we will remind you an hour and 15 minutes before. The room opens at the time:',
      slot.link,
    ),
    calendar: { filename: 'practice.ics', method: 'REQUEST', content: slotCalendar(slot, to, 'REQUEST') },
  }
}

/** The reminder an hour (60) or a quarter of an hour (15) before. */
export function reminderMail(slot: SlotFacts, to: Recipient, minutesBefore: 60 | 15): Mail {
  return {
    to: to.email,
    subject: `${minutesBefore === 60 ? 'Starting in 1 hour' : 'Starting in 15 minutes'}: ${slot.title}`,
    text: lines(`Hello ${to.name},`, '', `"${slot.title}" starts at ${startInZoneOf(slot.startsAt, to.timeZone)}.`, 'Join the room here:', slot.link),
  }
}

export function cancellationMail(slot: SlotFacts, to: Recipient): Mail {
  return {
    to: to.email,
    subject: `Cancelled: ${slot.title}`,
    text: lines(
      `Hello ${to.name},`,
      '',
      `${slot.hostName} cancelled "${slot.title}", planned for ${startInZoneOf(slot.startsAt, to.timeZone)}.`,
      'Find other partners on the board: the seat you held is free again for your next practice.',
      'The attached cancellation removes the practice from your calendar.',
    ),
    calendar: { filename: 'cancel.ics', method: 'CANCEL', content: slotCalendar(slot, to, 'CANCEL') },
  }
}

/**
 * The host's notice that someone took a seat in their planned slot, with the slot's invitation: the host's
 * calendar holds the practice too (an agreed time's host made no listing of their own, issue 36). Its UID is the
 * slot's, so each booking updates the one entry.
 */
export function bookingNoticeMail(slot: SlotFacts, host: Recipient, guestName: string, role: string): Mail {
  return {
    to: host.email,
    subject: `${guestName} booked a seat: ${slot.title}`,
    text: lines(
      `Hello ${host.name},`,
      '',
      `${guestName} took the ${role.toLowerCase()} seat in "${slot.title}", planned for ${startInZoneOf(slot.startsAt, host.timeZone)}.`,
      'The invitation is attached. The room opens at the time:',
      slot.link,
    ),
    calendar: { filename: 'practice.ics', method: 'REQUEST', content: slotCalendar(slot, host, 'REQUEST') },
  }
}
