import { useState } from 'react'
import styled from 'styled-components'
import type { SessionRole } from '../../../schemas/case-views.ts'
import type { CaseAttribution } from '../../../schemas/practice-material.ts'
import { CaseNotes } from '../../session/CaseNotes.tsx'
import { checklistByDomain, factsToTell, openingLineOf } from '../../session/station/station-notes.ts'
import { ExaminerChecklist, FactsToTell, NotesPanel } from '../../session/station/StationLists.tsx'
import { theme } from '../../theme.ts'
import type { EditorState } from './editor-state.ts'
import { previewView } from './preview-case.ts'

const ROLES: Array<{ role: SessionRole; label: string }> = [
  { role: 'DOCTOR', label: 'Doctor' },
  { role: 'PATIENT', label: 'Patient' },
  { role: 'OBSERVER', label: 'Observer' },
]

/**
 * The case as each role's screen will show it while the station runs: the doctor's brief only, the patient's
 * script (a station's facts to tick first), the observer's both sides and checklist. Built from the same role
 * views the server sends, so an author sees what each seat can and cannot read before saving.
 */
export function CasePreview(props: { state: EditorState; categoryName: string; startOpen?: boolean; attribution?: CaseAttribution }) {
  const { state, categoryName, startOpen = false, attribution } = props
  const [role, setRole] = useState<SessionRole>('DOCTOR')
  const view = previewView(state, categoryName, role, attribution)
  const facts = factsToTell(view, null)
  const checklist = checklistByDomain(view, null, 0)
  return (
    <Preview open={startOpen}>
      <summary>Preview each role's view</summary>
      <Roles>
        <legend>Show the case as the</legend>
        {ROLES.map((choice) => (
          <label key={choice.role}>
            <input type="radio" name="case-preview-role" checked={role === choice.role} onChange={() => setRole(choice.role)} />
            {choice.label}
          </label>
        ))}
      </Roles>
      <Hint>
        Formatting: a blank line starts a new paragraph; lines starting with "- " or "1. " make a list; **two asterisks** make
        text bold. Anything else, HTML included, shows as typed.
      </Hint>
      <div role="region" aria-label={`The ${role.toLowerCase()}'s view`}>
        {role === 'PATIENT' && facts.length > 0 && (
          <NotesPanel>
            <h3>Facts the patient ticks as they tell them</h3>
            <FactsToTell openingLine={openingLineOf(view)} facts={facts} />
          </NotesPanel>
        )}
        {role === 'OBSERVER' && checklist.length > 0 && (
          <NotesPanel>
            <h3>Checklist the examiner marks while watching</h3>
            <ExaminerChecklist groups={checklist} namePrefix="preview-mark" />
          </NotesPanel>
        )}
        <CaseNotes view={view} />
      </div>
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

const Roles = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 12px 0 8px;
  padding: 0;
  border: 0;
  legend { font-weight: 600; margin-bottom: 4px; padding: 0; }
  label { display: inline-flex; gap: 6px; align-items: center; min-height: 40px; }
  input { width: 18px; height: 18px; }
`

const Hint = styled.p`
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
