import { useId } from 'react'
import styled from 'styled-components'
import type { StationDraft } from '../../../../schemas/station/from-old-shape.ts'
import { DIFFICULTIES, DIFFICULTY_LABELS, MLA_AREA_LABELS, MLA_AREAS, STATION_TYPE_LABELS, STATION_TYPES, type Difficulty, type MlaArea } from '../../../../schemas/station/station.ts'
import type { FieldErrors } from '../../../../schemas/validate.ts'
import { CheckboxGrid } from '../../../components/CheckboxGrid.tsx'
import { ErrorText } from '../../../forms/TextField.tsx'
import { RequiredMark, SelectBox } from '../../controls.tsx'
import { EditorField, Group, Hint, TwoColumns } from '../editor-layout.tsx'
import { ChecklistEditor } from './ChecklistEditor.tsx'
import { FactsEditor } from './FactsEditor.tsx'
import { LinesEditor } from './LinesEditor.tsx'

interface StationEditorProps {
  station: StationDraft
  onChange: (station: StationDraft) => void
  errors: FieldErrors
}

const TYPE_OPTIONS = [{ value: '', label: 'Choose a station type' }, ...STATION_TYPES.map((type) => ({ value: type, label: STATION_TYPE_LABELS[type] }))]
const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: DIFFICULTY_LABELS[difficulty] }))
const MAX_AREAS = 5

/** The case in the exam's shape (issue 32): what kind of station, the candidate's instructions, the patient's script, the examiner's checklist. */
export function StationEditor({ station, onChange, errors }: StationEditorProps) {
  const { candidate, patient } = station
  const areasHintId = useId()
  const setCandidate = (change: Partial<StationDraft['candidate']>) => onChange({ ...station, candidate: { ...candidate, ...change } })
  const setPatient = (change: Partial<StationDraft['patient']>) => onChange({ ...station, patient: { ...patient, ...change } })
  const toggleArea = (area: MlaArea, on: boolean) => onChange({ ...station, mlaAreas: on ? [...station.mlaAreas, area] : station.mlaAreas.filter((chosen) => chosen !== area) })

  return (
    <>
      <Group>
        <legend>Station</legend>
        <TwoColumns>
          <SelectBox
            label={
              <>
                Station type
                <RequiredMark />
              </>
            }
            value={station.stationType}
            onChange={(stationType) => onChange({ ...station, stationType: stationType as StationDraft['stationType'] })}
            options={TYPE_OPTIONS}
            error={errors['station.stationType']}
            required
          />
          <SelectBox label="Difficulty" value={station.difficulty} onChange={(difficulty) => onChange({ ...station, difficulty: difficulty as Difficulty })} options={DIFFICULTY_OPTIONS} error={errors['station.difficulty']} />
        </TwoColumns>
        <Areas aria-describedby={areasHintId}>
          <legend>
            Areas of the MLA content map
            <RequiredMark />
          </legend>
          <Hint id={areasHintId}>One to {MAX_AREAS}: candidates filter by them when they choose what to practise.</Hint>
          {errors['station.mlaAreas'] && (
            <ErrorText tabIndex={-1} data-save-error>
              {errors['station.mlaAreas']}
            </ErrorText>
          )}
          <CheckboxGrid>
            {MLA_AREAS.map((area) => {
              const checked = station.mlaAreas.includes(area)
              return (
                <label key={area}>
                  <input type="checkbox" checked={checked} disabled={!checked && station.mlaAreas.length >= MAX_AREAS} onChange={(event) => toggleArea(area, event.target.checked)} />
                  {MLA_AREA_LABELS[area]}
                </label>
              )
            })}
          </CheckboxGrid>
        </Areas>
      </Group>

      <Group>
        <legend>Candidate's instructions</legend>
        <Hint>What the doctor reads before the station: the room shows it to the doctor in place of free-text notes.</Hint>
        <EditorField label="Setting" hint="Where the station happens and who the candidate is there." rows={2} value={candidate.setting} onChange={(setting) => setCandidate({ setting })} error={errors['station.candidate.setting']} required />
        <LinesEditor title="Tasks" lineName="Task" lines={candidate.tasks} onChange={(tasks) => setCandidate({ tasks })} errorKey="station.candidate.tasks" errors={errors} />
        <LinesEditor title="You do not need to" lineName="Line" lines={candidate.notNeeded} onChange={(notNeeded) => setCandidate({ notNeeded })} errorKey="station.candidate.notNeeded" errors={errors} />
        <EditorField label="Background information" hint="Results, observations or notes the candidate reads first (optional)." rows={3} value={candidate.background ?? ''} onChange={(background) => setCandidate({ background })} error={errors['station.candidate.background']} />
      </Group>

      <Group>
        <legend>Patient's script</legend>
        <EditorField label="Who the patient is" hint="Age, situation, how they look and feel when the doctor comes in." rows={3} value={patient.persona} onChange={(persona) => setPatient({ persona })} error={errors['station.patient.persona']} required />
        <EditorField label="Opening line" hint="The first thing the patient says; the room shows it first." value={patient.openingLine} onChange={(openingLine) => setPatient({ openingLine })} error={errors['station.patient.openingLine']} required />
        <FactsEditor facts={patient.facts} onChange={(facts) => setPatient({ facts })} errors={errors} />
        <TwoColumns>
          <EditorField label="Ideas" rows={2} value={patient.ideas ?? ''} onChange={(ideas) => setPatient({ ideas })} error={errors['station.patient.ideas']} />
          <EditorField label="Concerns" rows={2} value={patient.concerns ?? ''} onChange={(concerns) => setPatient({ concerns })} error={errors['station.patient.concerns']} />
          <EditorField label="Expectations" rows={2} value={patient.expectations ?? ''} onChange={(expectations) => setPatient({ expectations })} error={errors['station.patient.expectations']} />
        </TwoColumns>
        <LinesEditor title="Cues and how to behave" lineName="Cue" lines={patient.cues} onChange={(cues) => setPatient({ cues })} errorKey="station.patient.cues" errors={errors} />
        <LinesEditor title="Questions to ask the doctor" lineName="Question" lines={patient.questions} onChange={(questions) => setPatient({ questions })} errorKey="station.patient.questions" errors={errors} />
      </Group>

      <ChecklistEditor checklist={station.checklist} onChange={(checklist) => onChange({ ...station, checklist })} errors={errors} />
    </>
  )
}

const Areas = styled.fieldset`
  margin: 8px 0 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend { font-weight: 600; padding: 0; margin-bottom: 4px; }
`
