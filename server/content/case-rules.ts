import { randomBytes } from 'node:crypto'
import type { CaseBody, CaseView, CriterionView, SectionView, SubCriterionView, VisualData } from '../../schemas/content.ts'
import { specFieldsOf, type SpecFields } from '../../schemas/station/spec-fields.ts'
import type { Station } from '../../schemas/station/station.ts'

/**
 * The one place a validated case body becomes what is stored. Every save (admin editor, demo bank) goes
 * through here, so the stored case always keeps these rules:
 * - sections, criteria and sub-criteria are sorted by their order and renumbered 0..n-1 (the editor moves
 *   items up and down; gaps or duplicates from a buggy client never reach the feedback form);
 * - every section, criterion and sub-criterion has an id that is unique in its list: given ids are kept (old
 *   feedback refers to them), missing or repeated ones get a new `section-…`, `criterion-…` or `sub-…` id;
 * - a criterion has sub-criteria only if hasSubCriteria is on and at least one is given; turning it off
 *   clears them; subCriteria is always an array;
 * - recall dates are de-duplicated and sorted; a case that is not a recall case keeps no recall dates;
 * - a case is a telephone consultation only when the body says so;
 * - visual data and image URL agree (WIRE.md section 4): an image's URL is its content, a text finding has
 *   no URL, a bare URL becomes an image; blank content counts as no visual data.
 */

export interface CaseContent {
  title: string
  description: string
  categoryId: number
  doctorNotes: string
  patientNotes: string
  doctorSections: SectionView[]
  patientSections: SectionView[]
  visualData: VisualData | null
  imageUrl: string | null
  feedbackCriteria: CriterionView[]
  isRecallCase: boolean
  recallDates: string[]
  telephoneConsultation: boolean
  /** The case in the exam's shape; when there is one, the spec's fields above are written from it. */
  station: Station | null
}

export type IdMaker = (prefix: 'section' | 'criterion' | 'sub') => string

const randomItemId: IdMaker = (prefix) => `${prefix}-${randomBytes(6).toString('hex')}`

export function normaliseCase(body: CaseBody, newId: IdMaker = randomItemId): CaseContent {
  const isRecallCase = body.isRecallCase ?? body.recallDates.length > 0
  const station = body.station ?? null
  const written = {
    title: body.title,
    description: body.description,
    categoryId: body.category.id,
    doctorNotes: body.doctorNotes,
    patientNotes: body.patientNotes,
    doctorSections: normaliseSections(body.doctorSections, newId),
    patientSections: normaliseSections(body.patientSections, newId),
    ...reconcileVisuals(body.visualData, body.imageUrl),
    feedbackCriteria: normaliseCriteria(body.feedbackCriteria, newId),
    isRecallCase,
    recallDates: isRecallCase ? [...new Set(body.recallDates)].sort() : [],
    telephoneConsultation: body.telephoneConsultation ?? false,
  }
  return station ? { ...written, ...specFieldsOf(station), station } : { ...written, station }
}

interface Ordered {
  id?: string | null
  order?: number | null
}

/** Stable sort by order (a missing order keeps the item's place), then ids made unique and order renumbered. */
function inOrder<T extends Ordered>(items: T[], prefix: Parameters<IdMaker>[0], newId: IdMaker): Array<T & { id: string; order: number }> {
  const seen = new Set<string>()
  return items
    .map((item, index) => ({ item, key: item.order ?? index, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ item }, position) => {
      let id = item.id ?? ''
      if (id === '' || seen.has(id)) id = newId(prefix)
      seen.add(id)
      return { ...item, id, order: position }
    })
}

function normaliseSections(sections: CaseBody['doctorSections'], newId: IdMaker): SectionView[] {
  return inOrder(sections, 'section', newId).map(({ id, title, content, order }) => ({ id, title, content, order }))
}

function normaliseCriteria(criteria: CaseBody['feedbackCriteria'], newId: IdMaker): CriterionView[] {
  return inOrder(criteria, 'criterion', newId).map(({ id, name, domain, order, hasSubCriteria, subCriteria }) => {
    const wanted = hasSubCriteria ?? subCriteria.length > 0
    const subs: SubCriterionView[] = wanted ? inOrder(subCriteria, 'sub', newId).map((sub) => ({ id: sub.id, name: sub.name, order: sub.order })) : []
    return { id, name, domain: domain ?? null, order, hasSubCriteria: subs.length > 0, subCriteria: subs }
  })
}

/**
 * An edit from a client that knows none of our additions (the spec's editor) keeps what they stored: each
 * criterion's domain, matched by id (an explicit null still unassigns it), whether the case is a telephone
 * consultation, and its station while the fields derived from it come back as they were sent (the spec's editor
 * echoes them; only the title, stem, topic or recall dates changed). Once that editor changes derived text, what
 * the admin typed wins: the case is kept in the older shape, without its station.
 */
export function withKeptAdditions(body: CaseBody, stored: Pick<CaseView, 'feedbackCriteria' | 'telephoneConsultation' | 'station'>): CaseBody {
  const domains = new Map(stored.feedbackCriteria.map((criterion) => [criterion.id, criterion.domain]))
  const feedbackCriteria = body.feedbackCriteria.map((criterion) =>
    criterion.domain === undefined && criterion.id ? { ...criterion, domain: domains.get(criterion.id) ?? null } : criterion,
  )
  const kept = { ...body, feedbackCriteria, telephoneConsultation: body.telephoneConsultation ?? stored.telephoneConsultation }
  if (body.station !== undefined || !stored.station) return kept
  return { ...kept, station: echoesStation(kept, stored.station) ? stored.station : null }
}

/** The spec's fields of the body, normalised as they would be stored, equal those the station writes. */
function echoesStation(body: CaseBody, station: Station): boolean {
  const sent = normaliseCase({ ...body, station: null }, () => 'new')
  const derived = specFieldsOf(station)
  return (Object.keys(derived) as (keyof SpecFields)[]).every((field) => JSON.stringify(sent[field]) === JSON.stringify(derived[field]))
}

function reconcileVisuals(visual: CaseBody['visualData'], imageUrl: CaseBody['imageUrl']): Pick<CaseContent, 'visualData' | 'imageUrl'> {
  const content = visual?.content.trim() ?? ''
  const url = imageUrl?.trim() || null
  if (visual && content !== '') {
    return { visualData: { type: visual.type, content }, imageUrl: visual.type === 'image' ? content : null }
  }
  return url ? { visualData: { type: 'image', content: url }, imageUrl: url } : { visualData: null, imageUrl: null }
}
