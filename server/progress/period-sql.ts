import { sql, type RawBuilder } from 'kysely'
import { DOMAINS, type Domain } from '../../schemas/marking.ts'
import { FEEDBACK_ROUND_OVER } from '../sessions/store/queries.ts'

/** Whose feedback, and from when (null: all time). */
export interface Period {
  userId: number
  since: Date | null
}

/**
 * The common tables every progress aggregate starts from, as one WITH clause:
 * - `mine`: the feedback the user received as the doctor in the period, once its round is over (as the dashboard
 *   shows it), read through the (to_user_id, created_at) index;
 * - `stations`: one row per station (session + round) with its time, topic, score (the mean of the station scores
 *   its raters gave; null when none could be graded), the patient's and the observers' scores, the observers'
 *   judgement, and (when asked for) the mean points per domain.
 */
export function progressTables(period: Period, { domainPoints = false } = {}): RawBuilder<unknown> {
  const since = period.since === null ? sql`` : sql`and feedback.created_at >= ${period.since.toISOString()}::timestamptz`
  // Not materialised: a query that reads `mine` twice would otherwise copy every whole row (comments, scores) into a
  // temporary store first; scanning the index again for the few columns each use needs is cheaper.
  return sql`with mine as not materialized (
      select feedback.* from feedback join sessions on sessions.id = feedback.session_id
      where feedback.to_user_id = ${period.userId} and ${FEEDBACK_ROUND_OVER} ${since}
    ),
    stations as (
      select session_id, round, max(created_at) as at, min(category_name) as category, min(case_id) as case_id,
        avg(station_score) as score,
        avg(station_score) filter (where from_role = 'PATIENT') as patient_score,
        avg(station_score) filter (where from_role = 'OBSERVER') as observer_score,
        count(global_judgement) filter (where from_role = 'OBSERVER') as judgements,
        -- With several observers, the station counts as Satisfactory or Good only when every judgement said so.
        bool_and(global_judgement in ('SATISFACTORY', 'GOOD')) filter (where from_role = 'OBSERVER' and global_judgement is not null) as judged_well
        -- Only for the query that reads them: a table read more than once is computed whole, unused columns included.
        ${domainPoints ? sql`, ${sql.join(DOMAINS.map((domain) => sql`avg(${pointsIn(domain)}) as ${sql.ref(domainColumn(domain))}`))}` : sql``}
      from mine group by session_id, round
    )`
}

/** The column of `stations` holding a domain's mean points. */
export const domainColumn = (domain: Domain) => `points_${domain.toLowerCase()}`

/** A field of a feedback row's result in one domain (text): domain_scores always holds the three in DOMAINS order. */
export const domainField = (domain: Domain, field: 'mean' | 'points') => sql`(domain_scores -> ${sql.lit(DOMAINS.indexOf(domain))} ->> ${sql.lit(field)})`

const pointsIn = (domain: Domain) => sql`${domainField(domain, 'points')}::int`

/** Numbers shown to 2 decimals; computed in numeric so both databases round alike. */
export const rounded = (expression: RawBuilder<unknown>) => sql`round((${expression})::numeric, 2)`

export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())
