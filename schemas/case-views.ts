import * as v from 'valibot'
import { CriterionViewSchema, SectionViewSchema, VisualDataSchema, type CaseView } from './content.ts'

/**
 * What each session role may see of its case (WIRE.md section 0). The session engine renders every GET and
 * every live message through these, per recipient. Each view is built from an allowlist of fields, never by
 * copying the case and deleting secrets, so a field added to CaseView later stays hidden until added here.
 */

export type SessionRole = 'DOCTOR' | 'PATIENT' | 'OBSERVER'

const CaseCategoryRefSchema = v.object({ id: v.number(), name: v.string() })

/**
 * What everyone in the room may know: the stem, the topic, the examination findings, and whether the station is a
 * telephone consultation (every page turns its own camera off for it).
 */
const sharedCaseEntries = {
  id: v.number(),
  description: v.string(),
  category: CaseCategoryRefSchema,
  visualData: v.nullable(VisualDataSchema),
  imageUrl: v.nullable(v.string()),
  telephoneConsultation: v.boolean(),
}

const doctorBriefEntries = { doctorNotes: v.string(), doctorSections: v.array(SectionViewSchema) }
const patientScriptEntries = {
  title: v.string(),
  patientNotes: v.string(),
  patientSections: v.array(SectionViewSchema),
  feedbackCriteria: v.array(CriterionViewSchema),
}

/** The doctor while the case runs: no title (it gives the diagnosis away), no patient script, no mark scheme. */
export const DoctorCaseViewSchema = v.object({
  ...sharedCaseEntries,
  ...doctorBriefEntries,
  /** The same list as doctorSections, for clients that read the reference server's name. */
  sections: v.array(SectionViewSchema),
})
export type DoctorCaseView = v.InferOutput<typeof DoctorCaseViewSchema>

/** The doctor once the feedback phase is over: the whole case, to learn from. */
export const RevealedDoctorCaseViewSchema = v.object({ ...DoctorCaseViewSchema.entries, ...patientScriptEntries })
export type RevealedDoctorCaseView = v.InferOutput<typeof RevealedDoctorCaseViewSchema>

/** The patient: the script to play and the mark scheme to score with; nothing of the doctor's brief. */
export const PatientCaseViewSchema = v.object({ ...sharedCaseEntries, ...patientScriptEntries })
export type PatientCaseView = v.InferOutput<typeof PatientCaseViewSchema>

/** The observer sees both sides, to judge the consultation. */
export const ObserverCaseViewSchema = v.object({ ...PatientCaseViewSchema.entries, ...doctorBriefEntries })
export type ObserverCaseView = v.InferOutput<typeof ObserverCaseViewSchema>

/** Any role's view; the most complete first, since a view matching a fuller one must keep all its fields. */
export const RoleCaseViewSchema = v.union([RevealedDoctorCaseViewSchema, ObserverCaseViewSchema, PatientCaseViewSchema, DoctorCaseViewSchema])
export type RoleCaseView = v.InferOutput<typeof RoleCaseViewSchema>

function sharedFields(fullCase: CaseView): v.InferOutput<v.ObjectSchema<typeof sharedCaseEntries, undefined>> {
  return {
    id: fullCase.id,
    description: fullCase.description,
    category: { id: fullCase.category.id, name: fullCase.category.name },
    visualData: fullCase.visualData,
    imageUrl: fullCase.imageUrl,
    telephoneConsultation: fullCase.telephoneConsultation,
  }
}

/** `feedbackOver`: the session has left its feedback phase for this case, so nothing is secret any more. */
export function doctorCaseView(fullCase: CaseView, feedbackOver: boolean): DoctorCaseView | RevealedDoctorCaseView {
  const view: DoctorCaseView = {
    ...sharedFields(fullCase),
    doctorNotes: fullCase.doctorNotes,
    doctorSections: fullCase.doctorSections,
    sections: fullCase.doctorSections,
  }
  if (!feedbackOver) return view
  return {
    ...view,
    title: fullCase.title,
    patientNotes: fullCase.patientNotes,
    patientSections: fullCase.patientSections,
    feedbackCriteria: fullCase.feedbackCriteria,
  }
}

export function patientCaseView(fullCase: CaseView): PatientCaseView {
  return {
    ...sharedFields(fullCase),
    title: fullCase.title,
    patientNotes: fullCase.patientNotes,
    patientSections: fullCase.patientSections,
    feedbackCriteria: fullCase.feedbackCriteria,
  }
}

export function observerCaseView(fullCase: CaseView): ObserverCaseView {
  return {
    ...patientCaseView(fullCase),
    doctorNotes: fullCase.doctorNotes,
    doctorSections: fullCase.doctorSections,
  }
}

/** One entry point for the session engine: the view for a recipient's role. */
export function caseViewFor(audience: SessionRole, fullCase: CaseView, options: { feedbackOver: boolean }): RoleCaseView {
  switch (audience) {
    case 'DOCTOR':
      return doctorCaseView(fullCase, options.feedbackOver)
    case 'PATIENT':
      return patientCaseView(fullCase)
    case 'OBSERVER':
      return observerCaseView(fullCase)
    default: {
      const unknownAudience: never = audience
      throw new Error(`No case view for ${String(unknownAudience)}`)
    }
  }
}
