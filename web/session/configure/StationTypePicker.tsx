import styled from 'styled-components'
import { STATION_TYPE_LABELS, STATION_TYPES, type StationType } from '../../../schemas/station/station.ts'
import { theme } from '../../theme.ts'

/**
 * Which kinds of station to practise (issue 32): none ticked draws any case, as before; some ticked draws only
 * stations of those types, so a candidate can work on the kinds they are weakest at.
 */
export function StationTypePicker({ chosen, onChange }: { chosen: readonly StationType[]; onChange: (types: StationType[]) => void }) {
  const toggle = (type: StationType, on: boolean) => onChange(STATION_TYPES.filter((candidate) => (candidate === type ? on : chosen.includes(candidate))))
  return (
    <Group aria-describedby="station-types-hint">
      <legend>Station types</legend>
      <Hint id="station-types-hint">Leave all unticked for any kind of station.</Hint>
      <Grid>
        {STATION_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={chosen.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            {STATION_TYPE_LABELS[type]}
          </label>
        ))}
      </Grid>
    </Group>
  )
}

const Group = styled.fieldset`
  margin: 0 0 20px;
  padding: 0;
  border: none;
  legend { font-weight: 600; margin-bottom: 4px; }
`

const Hint = styled.p`
  margin: 0 0 8px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 6px 16px;
  label { display: flex; gap: 8px; align-items: center; min-height: 32px; }
  input { width: 18px; height: 18px; }
`
