import { useState } from 'react'
import styled from 'styled-components'
import { MLA_AREA_LABELS, MLA_AREAS, STATION_TYPE_LABELS, STATION_TYPES, type MlaArea, type StationType } from '../../../schemas/station/station.ts'
import { theme } from '../../theme.ts'
import { CheckboxGrid } from '../../components/CheckboxGrid.tsx'

/**
 * Which kinds of station to practise (issue 32): station types and areas of the MLA content map. None ticked
 * draws any case, as before; ticking some draws only stations that fit, so a candidate can work on what they are
 * weakest at. The long list of areas folds away until asked for.
 */
export function KindPicker(props: {
  stationTypes: readonly StationType[]
  mlaAreas: readonly MlaArea[]
  onChange: (change: { stationTypes?: StationType[]; mlaAreas?: MlaArea[] }) => void
}) {
  // Open at first when areas are chosen; then the user's: unticking the last area must not fold it away under them.
  const [areasOpen, setAreasOpen] = useState(props.mlaAreas.length > 0)
  return (
    <>
      <Ticks legend="Station types" name="station-types" all={STATION_TYPES} labels={STATION_TYPE_LABELS} chosen={props.stationTypes} onChange={(stationTypes) => props.onChange({ stationTypes })} />
      <Areas open={areasOpen} onToggle={(event) => setAreasOpen(event.currentTarget.open)}>
        <summary>MLA content map areas{props.mlaAreas.length > 0 ? ` (${props.mlaAreas.length} chosen)` : ' (any)'}</summary>
        <Ticks legend="MLA areas" name="mla-areas" all={MLA_AREAS} labels={MLA_AREA_LABELS} chosen={props.mlaAreas} onChange={(mlaAreas) => props.onChange({ mlaAreas })} />
      </Areas>
    </>
  )
}

function Ticks<T extends string>(props: { legend: string; name: string; all: readonly T[]; labels: Record<T, string>; chosen: readonly T[]; onChange: (chosen: T[]) => void }) {
  const { all, chosen, onChange } = props
  const toggle = (value: T, on: boolean) => onChange(all.filter((candidate) => (candidate === value ? on : chosen.includes(candidate))))
  return (
    <Group aria-describedby={`${props.name}-hint`}>
      <legend>{props.legend}</legend>
      <Hint id={`${props.name}-hint`}>Leave all unticked for any.</Hint>
      <CheckboxGrid>
        {all.map((value) => (
          <label key={value}>
            <input type="checkbox" checked={chosen.includes(value)} onChange={(event) => toggle(value, event.target.checked)} />
            {props.labels[value]}
          </label>
        ))}
      </CheckboxGrid>
    </Group>
  )
}

const Group = styled.fieldset`
  margin: 0 0 20px;
  padding: 0;
  border: none;
  legend { font-weight: 600; margin-bottom: 4px; }
`

const Areas = styled.details`
  margin: 0 0 20px;
  summary { cursor: pointer; font-weight: 600; padding: 6px 0; }
`

const Hint = styled.p`
  margin: 0 0 8px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`
