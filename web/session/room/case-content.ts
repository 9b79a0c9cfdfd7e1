/**
 * Reading a role's case view (schemas/case-views.ts) for the room: the server already removed what a role
 * may not see, so these only pick what is there, in the case's order.
 */
import type { RoleCaseView } from '../../../schemas/case-views.ts'
import type { CriterionView, SectionView } from '../../../schemas/content.ts'

export interface NotesBlock {
  /** "Doctor's brief" or "Patient script": shown as a heading when a role sees both. */
  side: 'doctor' | 'patient'
  notes: string
  sections: SectionView[]
}

export interface Findings {
  kind: 'image' | 'text'
  content: string
}

const has = <K extends string>(view: object, key: K): view is Record<K, unknown> => key in view

function sorted(sections: SectionView[] | undefined): SectionView[] {
  return [...(sections ?? [])].sort((a, b) => a.order - b.order)
}

/** The title, when the role may see it (never the doctor while the case runs: it gives the diagnosis away). */
export function caseTitle(view: RoleCaseView | null): string | null {
  return view && has(view, 'title') && typeof view.title === 'string' ? view.title : null
}

/**
 * The notes the view carries, doctor's side first. The observer's view has both (the "both sets" reading of
 * SPEC section 6); the doctor's has only the doctor's, the patient's only the patient's.
 */
export function notesOf(view: RoleCaseView | null): NotesBlock[] {
  if (!view) return []
  const blocks: NotesBlock[] = []
  if (has(view, 'doctorNotes')) {
    const sections = has(view, 'doctorSections') ? (view.doctorSections as SectionView[]) : (view as { sections?: SectionView[] }).sections
    blocks.push({ side: 'doctor', notes: String(view.doctorNotes ?? ''), sections: sorted(sections) })
  }
  if (has(view, 'patientNotes')) {
    const sections = has(view, 'patientSections') ? (view.patientSections as SectionView[]) : []
    blocks.push({ side: 'patient', notes: String(view.patientNotes ?? ''), sections: sorted(sections) })
  }
  return blocks
}

export function criteriaOf(view: RoleCaseView | null): CriterionView[] {
  return view && has(view, 'feedbackCriteria') && Array.isArray(view.feedbackCriteria) ? (view.feedbackCriteria as CriterionView[]) : []
}

/** The examination findings: the visual data, else the bare image URL; null when the case has none. */
export function findingsOf(view: RoleCaseView | null): Findings | null {
  if (!view) return null
  const visual = view.visualData
  if (visual && visual.content.trim()) return { kind: visual.type, content: visual.content }
  if (view.imageUrl && view.imageUrl.trim()) return { kind: 'image', content: view.imageUrl }
  return null
}

/** Relative image addresses (our uploads) are served under the API base (WIRE.md section 0). */
export function imageSource(content: string, apiBase: string): string {
  return /^https?:\/\//i.test(content) ? content : `${apiBase}${content.startsWith('/') ? '' : '/'}${content}`
}
