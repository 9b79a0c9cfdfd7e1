import * as v from 'valibot'
import { ReliabilitySchema } from './partners/reliability.ts'

/** Find Partners (issue 20): the board's requests, answers and rules, shared by the server and the web pages. */

export const NOTE_MAX = 200
export const MAX_OBSERVER_SEATS = 4
export const MAX_OPEN_LISTINGS = 3
export const PLAN_AHEAD_DAYS = 30
export const REMINDER_BEFORE_MS = 15 * 60_000
/** The first reminder of a planned session, an hour before (issue 36); skipped when it is planned closer than that. */
export const HOUR_REMINDER_BEFORE_MS = 60 * 60_000
/** Came to a planned session: in its room at some moment up to ten minutes after the start (issue 36). */
export const ATTENDANCE_GRACE_MS = 10 * 60_000
/** An arrival this long before the start counts too: people open the room early. */
export const EARLY_ARRIVAL_MS = 30 * 60_000
export const SEAT_TAKEN = 'That seat was just taken'
/** A join by code or invite link into a seat the session's listing does not offer (issue 30). */
export const NO_PATIENT_SEAT_OFFERED = 'The host listed this session without a patient seat: join as observer, or ask the host'
export const NO_OBSERVER_SEAT_OFFERED = 'The host listed this session without an observer seat: join as patient, or ask the host'
export const OBSERVER_SEATS_TAKEN = 'Every observer seat the host offers in this session is taken'
export const REMOVED_BY_ADMIN = 'An admin removed this session from Find Partners: it cannot be listed again'

const EXAM_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** Whether the runtime knows this IANA time zone (Europe/London, Asia/Karachi...). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const PartnerProfileBody = v.strictObject({
  examMonth: v.nullable(v.pipe(v.string('examMonth must be written YYYY-MM'), v.regex(EXAM_MONTH, 'examMonth must be written YYYY-MM'))),
  timeZone: v.nullable(v.pipe(v.string('timeZone must be a time zone name'), v.maxLength(64, 'Unknown time zone'), v.check(isTimeZone, 'Unknown time zone'))),
  hiddenFromBoard: v.boolean('hiddenFromBoard must be true or false'),
})
export type PartnerProfile = v.InferOutput<typeof PartnerProfileBody>
/** The settings as the server answers them: as stored, so not checked again. */
export const PartnerProfileSchema = v.object({ examMonth: v.nullable(v.string()), timeZone: v.nullable(v.string()), hiddenFromBoard: v.boolean() })

export const ListingBody = v.pipe(
  v.strictObject({
    sessionCode: v.pipe(v.string('sessionCode is required'), v.nonEmpty('sessionCode is required'), v.maxLength(64, 'Session not found')),
    /** ISO 8601 with an offset, or null/absent for "now". */
    startsAt: v.optional(v.nullable(v.pipe(v.string('startsAt must be a date and time'), v.isoTimestamp('startsAt must be a date and time with a time zone')))),
    patientSeat: v.boolean('patientSeat must be true or false'),
    observerSeats: v.pipe(
      v.number('observerSeats must be a number'),
      v.integer('observerSeats must be a whole number'),
      v.minValue(0, 'observerSeats cannot be negative'),
      v.maxValue(MAX_OBSERVER_SEATS, `At most ${MAX_OBSERVER_SEATS} observer seats`),
    ),
    note: v.optional(v.pipe(v.string('note must be text'), v.trim(), v.maxLength(NOTE_MAX, `The note is at most ${NOTE_MAX} characters`)), ''),
  }),
  v.forward(
    v.check((body) => body.patientSeat || body.observerSeats > 0, 'Ask for at least one seat (patient or observer)'),
    ['observerSeats'],
  ),
)
export type ListingRequest = v.InferOutput<typeof ListingBody>

/** The window a planned start must fall in at `now`: after now, at most 30 days ahead (epoch ms). */
export const plannedStartWindow = (now: number) => ({ after: now, latest: now + PLAN_AHEAD_DAYS * 86_400_000 })

/** What is wrong with a planned start at `now`, or null (null means "now", always fine). */
export function plannedStartProblem(startsAt: string | null | undefined, now: number): string | null {
  if (!startsAt) return null
  const at = Date.parse(startsAt)
  const window = plannedStartWindow(now)
  if (at <= window.after) return 'startsAt is in the past: choose a time to come'
  if (at > window.latest) return `startsAt is more than ${PLAN_AHEAD_DAYS} days ahead`
  return null
}

export const SeatBody = v.strictObject({ role: v.picklist(['PATIENT', 'OBSERVER'], 'role must be PATIENT or OBSERVER') })

/** GET /api/board's query: every filter optional. */
export const BoardQuery = v.strictObject({
  withinHours: v.optional(v.pipe(v.string(), v.transform(Number), v.number('withinHours must be a number'), v.minValue(0, 'withinHours cannot be negative'))),
  topic: v.optional(v.pipe(v.string(), v.maxLength(100, 'Unknown topic'))),
  nearMyExam: v.optional(v.picklist(['true', 'false'], 'nearMyExam must be true or false')),
})

export const BoardBookingSchema = v.object({ name: v.string(), role: v.picklist(['PATIENT', 'OBSERVER']) })
export type BoardBooking = v.InferOutput<typeof BoardBookingSchema>

/** One listing as the board shows it: the host's name, exam month and time zone only, never an email. */
export const BoardListingSchema = v.object({
  id: v.number(),
  sessionCode: v.string(),
  title: v.string(),
  hostName: v.string(),
  hostExamMonth: v.nullable(v.string()),
  hostTimeZone: v.nullable(v.string()),
  sessionType: v.picklist(['TOPIC', 'RECALL']),
  topics: v.array(v.string()),
  recallStartDate: v.nullable(v.string()),
  recallEndDate: v.nullable(v.string()),
  /** The session's timings as configured (minutes), so the board says what the session will be (issue 30). */
  readingTime: v.number(),
  consultationTime: v.number(),
  timingType: v.picklist(['COUNTDOWN', 'STOPWATCH']),
  /** ISO; null when the room is open now. */
  startsAt: v.nullable(v.string()),
  patientSeatFree: v.boolean(),
  observerSeatsFree: v.number(),
  note: v.string(),
  isMine: v.boolean(),
  /** Additions (issue 30): the seats the listing offers, so a card can show a seat as taken. */
  patientSeat: v.boolean(),
  observerSeats: v.number(),
  /** The seat the viewer holds in this session, or null: a booked seat is shown as booked, with nothing to take. */
  yourSeat: v.nullable(BoardBookingSchema.entries.role),
  /** Who holds which seat: on the host's own listings only (the cancel dialog names them), else empty. */
  bookings: v.array(BoardBookingSchema),
  /** Addition (issue 36): how often the host came to the planned sessions they held a seat in. */
  hostReliability: ReliabilitySchema,
})
export type BoardListing = v.InferOutput<typeof BoardListingSchema>

/** The live channel's board topic; each message says the board changed, and the page reads it again. */
export const BOARD_TOPIC = '/topic/board'
export interface BoardChanged {
  type: 'BOARD_CHANGED'
  listingId: number | null
}

/** Months between two yyyy-mm months (absolute). */
export function monthsApart(a: string, b: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7))
  return Math.abs(index(a) - index(b))
}
/** "Exam month near mine": within one month either side. */
export const NEAR_EXAM_MONTHS = 1
