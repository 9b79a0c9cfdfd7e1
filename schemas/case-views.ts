import * as v from 'valibot'
import { CriterionViewSchema, SectionViewSchema, VisualDataSchema, type CaseView } from './content.ts'
import { CandidateInstructions, ChecklistItem, PatientScript, STATION_TYPES } from './station/station.ts'
import { caseAttributionEntries } from './practice-material.ts'

/**
 * What each session role may see of its case (WIRE.md section 0). The session engine renders every GET and
 * every live message through these, per recipient. Each view is built from an allowlist of fields, never by
 * copying the case and deleting secrets, so a field added to CaseView later stays hidden until added here.
 */

export type SessionRole = 'DOCTOR' | 'PATIENT' | 'OBSERVER'

const CaseCategoryRefSchema = v.object({ id: v.number(), name: v.string() })

/**
 * What everyone in the room may know: the stem, the topic, the examination findings, whether the station is a
 * telephone consultation (every page turns its own camera off for it), and where the case comes from (every seat
 * reads that it is practice material).
 */
const sharedCaseEntries = {
  id: v.number(),
  description: v.string(),
  category: CaseCategoryRefSchema,
  visualData: v.nullable(VisualDataSchema),
  imageUrl: v.nullable(v.string()),
  telephoneConsultation: v.boolean(),
  /** Additions (issue 32), null for a case in the older shape: what kind of station it is tells nothing away. */
  stationType: v.nullable(v.picklist(STATION_TYPES)),
  /** Additions (issue 35): who contributed the case, as they chose to be credited. */
  ...caseAttributionEntries,
}

const doctorBriefEntries = {
  doctorNotes: v.string(),
  doctorSections: v.array(SectionViewSchema),
  /** The candidate's instructions of a station (issue 32). */
  candidate: v.nullable(CandidateInstructions),
}
const patientScriptEntries = {
  title: v.string(),
  patientNotes: v.string(),
  patientSections: v.array(SectionViewSchema),
  feedbackCriteria: v.array(CriterionViewSchema),
  /** A station's script (facts to tick as they are told) and the examiner's checklist (issue 32). */
  patientScript: v.nullable(PatientScript),
  checklist: v.nullable(v.array(ChecklistItem)),
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
    stationType: fullCase.station?.stationType ?? null,
    contributed: fullCase.contributed ?? false,
    contributorName: fullCase.contributorName ?? null,
  }
}

const doctorBrief = (fullCase: CaseView) => ({
  doctorNotes: fullCase.doctorNotes,
  doctorSections: fullCase.doctorSections,
  candidate: fullCase.station?.candidate ?? null,
})

const patientScript = (fullCase: CaseView) => ({
  title: fullCase.title,
  patientNotes: fullCase.patientNotes,
  patientSections: fullCase.patientSections,
  feedbackCriteria: fullCase.feedbackCriteria,
  patientScript: fullCase.station?.patient ?? null,
  checklist: fullCase.station?.checklist ?? null,
})

/** `feedbackOver`: the session has left its feedback phase for this case, so nothing is secret any more. */
export function doctorCaseView(fullCase: CaseView, feedbackOver: boolean): DoctorCaseView | RevealedDoctorCaseView {
  const view: DoctorCaseView = { ...sharedFields(fullCase), ...doctorBrief(fullCase), sections: fullCase.doctorSections }
  return feedbackOver ? { ...view, ...patientScript(fullCase) } : view
}

export function patientCaseView(fullCase: CaseView): PatientCaseView {
  return { ...sharedFields(fullCase), ...patientScript(fullCase) }
}

export function observerCaseView(fullCase: CaseView): ObserverCaseView {
  return { ...patientCaseView(fullCase), ...doctorBrief(fullCase) }
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
