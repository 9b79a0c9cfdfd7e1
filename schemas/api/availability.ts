import * as v from 'valibot'
import { IdParams } from '../content.ts'
import { WeeklyHoursBody } from '../partners/availability.ts'
import { MatchesAnswer, MatchesQuery, PartnerCardSchema } from '../partners/matches.ts'
import { route } from './contract.ts'

/** Partners who show up (issue 36): my weekly free hours, the candidates free when I am, one candidate's card. */

/** The hours as saved: valid by construction, so not checked again on the way out. */
const SavedHours = v.array(v.object({ weekday: v.number(), start: v.string(), end: v.string() }))

export const availabilityContracts = {
  hours: route('GET', '/profile/hours', { answer: v.object({ hours: SavedHours }) }),
  saveHours: route('PUT', '/profile/hours', { body: WeeklyHoursBody, answer: v.object({ hours: SavedHours, message: v.string() }) }),
  matches: route('GET', '/partners/matches', { query: MatchesQuery, answer: MatchesAnswer }),
  person: route('GET', '/partners/people/:id', { params: IdParams, answer: v.object({ candidate: PartnerCardSchema }) }),
}
