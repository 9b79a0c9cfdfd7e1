import { caseViewFor, type RoleCaseView, type SessionRole } from '../../../schemas/case-views.ts'
import type { CaseView } from '../../../schemas/content.ts'
import type { CaseAttribution } from '../../../schemas/practice-material.ts'
import { specFieldsOf } from '../../../schemas/station/spec-fields.ts'
import type { Station } from '../../../schemas/station/station.ts'
import type { EditorState } from './editor-state.ts'

/**
 * The case being edited as the server would store it, credited as `attribution` says (a contribution's author), so
 * the preview renders each role's view through the same allowlists the room uses (schemas/case-views.ts). A
 * station's notes are written from it as the server writes them (spec-fields.ts), while it is still a draft: an
 * item without a domain yet simply shows under none.
 */
export function previewCase(state: EditorState, categoryName: string, attribution: CaseAttribution = {}): CaseView {
  const station = state.station as Station | null
  const notes = station
    ? specFieldsOf(station)
    : {
        doctorNotes: state.doctorNotes,
        doctorSections: state.doctorSections,
        patientNotes: state.patientNotes,
        patientSections: state.patientSections,
        feedbackCriteria: state.feedbackCriteria,
        telephoneConsultation: state.telephoneConsultation,
      }
  return {
    id: 0,
    title: state.title,
    description: state.description,
    category: { id: 0, name: categoryName || 'No category yet', description: null },
    // The findings have their own preview beside the upload; the notes preview is about the text.
    visualData: null,
    imageUrl: null,
    isRecallCase: false,
    recallDates: [],
    ...notes,
    station,
    // Only the credit: the editor hands over the whole saved case, whose older fields must not replace the draft's.
    contributed: attribution.contributed,
    contributorName: attribution.contributorName,
  }
}

/** What a role's screen holds while the case runs (before the feedback phase is over). */
export const previewView = (state: EditorState, categoryName: string, role: SessionRole, attribution: CaseAttribution = {}): RoleCaseView =>
  caseViewFor(role, previewCase(state, categoryName, attribution), { feedbackOver: false })
