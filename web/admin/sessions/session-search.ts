import * as v from 'valibot'
import { AdminSessionsQuery, type AdminSessionItem } from '../../../schemas/api/admin-sessions.ts'
import type { SessionStatus } from '../../../schemas/session/types.ts'
import { ROLE_LABEL } from '../../../schemas/labels.ts'
import { validate, type FieldErrors } from '../../../schemas/validate.ts'

/**
 * The admins' session search (issue 37), its pure parts: what is kept across a reload, the shared schema's check
 * before anything is asked, and the words for a found session. Tested without a browser (test/web).
 */

const FieldsSchema = v.object({ code: v.string(), participant: v.string(), from: v.string(), to: v.string() })

/** The four fields as typed: the dates as a date input gives them, yyyy-mm-dd or empty. */
export type SessionSearchFields = v.InferOutput<typeof FieldsSchema>
export const NO_SEARCH: SessionSearchFields = { code: '', participant: '', from: '', to: '' }

const KeptSchema = v.object({
  typed: FieldsSchema,
  /** The search last run and the page shown (zero-based); null before the first. */
  asked: v.nullable(v.object({ fields: FieldsSchema, page: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
})
export type KeptSessionSearch = v.InferOutput<typeof KeptSchema>

const NOTHING_KEPT: KeptSessionSearch = { typed: NO_SEARCH, asked: null }

// Per admin and gone with the tab, as the drafts are: an email typed on a shared computer does not outlive it.
const keyFor = (userId: number) => `plab.adminSessionSearch.${userId}`

/** What this admin typed and last asked in this tab, so a reload loses none of it. */
export function keptSessionSearch(userId: number): KeptSessionSearch {
  try {
    const kept = v.safeParse(KeptSchema, JSON.parse(sessionStorage.getItem(keyFor(userId)) ?? 'null'))
    return kept.success ? kept.output : NOTHING_KEPT
  } catch {
    return NOTHING_KEPT
  }
}

export function keepSessionSearch(userId: number, kept: KeptSessionSearch) {
  try {
    sessionStorage.setItem(keyFor(userId), JSON.stringify(kept))
  } catch {
    // Storage full or refused: the form still holds what was typed.
  }
}

/** The route's query for a search and page: the shape the server checks. */
export const findQuery = (fields: SessionSearchFields, page: number) => ({ ...fields, page: String(page) })

/** The fields the server would refuse, in its own words (a reversed range names `to`); empty when none. */
export function searchProblems(fields: SessionSearchFields): FieldErrors {
  const checked = validate(AdminSessionsQuery, findQuery(fields, 0))
  return checked.ok ? {} : checked.errors
}

/** The empty answer's words, naming what was asked: "No session matches: participant “ben”, created on 2026-05-01 or later (UTC)." */
export function noMatchText(fields: SessionSearchFields): string {
  const code = fields.code.trim()
  const participant = fields.participant.trim()
  const asked = [code && `code “${code}”`, participant && `participant “${participant}”`, daysText(fields.from, fields.to)].filter(Boolean)
  return asked.length === 0 ? 'No session has been created yet.' : `No session matches: ${asked.join(', ')}.`
}

function daysText(from: string, to: string): string {
  if (from && to) return from === to ? `created on ${from} (UTC)` : `created from ${from} to ${to} (UTC)`
  if (from) return `created on ${from} or later (UTC)`
  if (to) return `created on ${to} or earlier (UTC)`
  return ''
}

export const STATUS_LABEL: Record<SessionStatus, string> = {
  CREATED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
}

/** "Ben Doe <ben@example.org>: Patient (left)": the seat held, or last held by someone who has left. */
export function participantText(person: AdminSessionItem['participants'][number]): string {
  const who = person.email ? `${person.name} <${person.email}>` : person.name
  return `${who}: ${ROLE_LABEL[person.role]}${person.active ? '' : ' (left)'}`
}

export const sessionCountText = (total: number) => `${total} ${total === 1 ? 'session' : 'sessions'} found`
