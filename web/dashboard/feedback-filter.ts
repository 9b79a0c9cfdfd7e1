import { AREA_TEXT, DOMAIN_TEXT, FEEDBACK_AREAS, isDomain, type Domain, type FeedbackArea } from '../../schemas/marking.ts'
import type { FeedbackReceivedItem } from '../../schemas/session-wire.ts'

/**
 * The dashboard's feedback list narrowed by its address, so the progress page can link to the cards behind a
 * figure: `/dashboard?domain=DATA_GATHERING`, `?criterion=History%20taking`, `?area=TIME`, `?topic=Cardiology`,
 * each optionally with `&days=30`. Matching is the server's (server/progress): a domain counts where it was
 * graded, a criterion by name ignoring case and surrounding spaces.
 */

export type FeedbackFilter =
  | { kind: 'domain'; domain: Domain; days: number | null }
  | { kind: 'criterion'; criterion: string; days: number | null }
  | { kind: 'area'; area: FeedbackArea; days: number | null }
  | { kind: 'topic'; topic: string; days: number | null }

export const FEEDBACK_LIST_ID = 'feedback-received'
// Not imported from schemas/progress.ts: the dashboard is in the main bundle, that module's schemas are not.
const DAY_MS = 86_400_000

export function feedbackFilterHref(filter: FeedbackFilter): string {
  const params = new URLSearchParams()
  if (filter.kind === 'domain') params.set('domain', filter.domain)
  if (filter.kind === 'criterion') params.set('criterion', filter.criterion)
  if (filter.kind === 'area') params.set('area', filter.area)
  if (filter.kind === 'topic') params.set('topic', filter.topic)
  if (filter.days !== null) params.set('days', String(filter.days))
  return `/dashboard?${params}#${FEEDBACK_LIST_ID}`
}

export function readFeedbackFilter(search: string): FeedbackFilter | null {
  const params = new URLSearchParams(search)
  const daysParam = Number(params.get('days'))
  const days = Number.isInteger(daysParam) && daysParam > 0 ? daysParam : null
  const domain = params.get('domain')
  const area = params.get('area')
  if (isDomain(domain)) return { kind: 'domain', domain, days }
  if (FEEDBACK_AREAS.includes(area as FeedbackArea)) return { kind: 'area', area: area as FeedbackArea, days }
  const criterion = params.get('criterion')?.trim()
  if (criterion) return { kind: 'criterion', criterion, days }
  const topic = params.get('topic')
  if (topic) return { kind: 'topic', topic, days }
  return null
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function matches(item: FeedbackReceivedItem, filter: FeedbackFilter): boolean {
  if (filter.kind === 'domain') return item.domainScores.some((score) => score.domain === filter.domain && score.mean !== null)
  if (filter.kind === 'area') return item.feedbackAreas.includes(filter.area)
  if (filter.kind === 'topic') return item.category === filter.topic
  return item.criteriaScores.some((criterion) => sameName(criterion.criterionName, filter.criterion))
}

export function applyFeedbackFilter(items: FeedbackReceivedItem[], filter: FeedbackFilter | null, now: number): FeedbackReceivedItem[] {
  if (!filter) return items
  const since = filter.days === null ? null : now - filter.days * DAY_MS
  return items.filter((item) => (since === null || Date.parse(item.timestamp) >= since) && matches(item, filter))
}

function subject(filter: FeedbackFilter): string {
  switch (filter.kind) {
    case 'domain':
      return `graded in ${DOMAIN_TEXT[filter.domain].short}`
    case 'criterion':
      return `scoring “${filter.criterion}”`
    case 'area':
      return `with the feedback area ${AREA_TEXT[filter.area].label}`
    case 'topic':
      return `on ${filter.topic}`
  }
}

export function describeFeedbackFilter(filter: FeedbackFilter): string {
  return filter.days === null ? subject(filter) : `${subject(filter)}, last ${filter.days} days`
}
