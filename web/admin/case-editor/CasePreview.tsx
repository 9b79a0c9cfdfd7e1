import styled from 'styled-components'
import type { ObserverCaseView } from '../../../schemas/case-views.ts'
import { CaseNotes } from '../../session/CaseNotes.tsx'
import { theme } from '../../theme.ts'
import type { EditorState } from './editor-state.ts'

/**
 * The notes and sections as the room will show them (the observer's view has both sides), so an author sees
 * their lists, paragraphs and bold before saving.
 */
export function CasePreview({ state, categoryName }: { state: EditorState; categoryName: string }) {
  const view: ObserverCaseView = {
    id: 0,
    title: state.title,
    description: state.description,
    category: { id: 0, name: categoryName || 'No category yet' },
    visualData: null,
    imageUrl: null,
    telephoneConsultation: state.telephoneConsultation,
    stationType: null,
    candidate: null,
    patientScript: null,
    checklist: null,
    doctorNotes: state.doctorNotes,
    doctorSections: state.doctorSections,
    patientNotes: state.patientNotes,
    patientSections: state.patientSections,
    feedbackCriteria: state.feedbackCriteria,
  }
  return (
    <Preview>
      <summary>Preview the notes as the room shows them</summary>
      <Hint>
        Formatting: a blank line starts a new paragraph; lines starting with "- " or "1. " make a list; **two asterisks** make
        text bold. Anything else, HTML included, shows as typed.
      </Hint>
      <CaseNotes view={view} />
    </Preview>
  )
}

const Preview = styled.details`
  margin: 16px 0;
  padding: 12px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  summary { cursor: pointer; font-weight: 600; }
`

const Hint = styled.p`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
