import { CANDIDATE_MODE_LABELS, CANDIDATE_MODES, CHANGEOVER_OPTIONS, CIRCUIT_STATIONS, MAX_REST_STATIONS, type Circuit } from '../../../schemas/mock/circuit.ts'
import { ChoiceGroup } from './ChoiceGroup.tsx'
import { SelectBox } from '../../forms/SelectBox.tsx'

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

/**
 * A mock exam's circuit (issue 33): how many stations and rests, the examiner's change-over, and who sits as the
 * candidate. The exam's own: 16 stations, 2 rests, 1.5 minutes reading and 8 in the station.
 */
export function MockCircuitFields({ circuit, onChange }: { circuit: Circuit; onChange: (circuit: Circuit) => void }) {
  const change = (patch: Partial<Circuit>) => onChange({ ...circuit, ...patch })
  return (
    <>
      <SelectBox
        label="Stations"
        hint="The exam has 16. Each station is a different case; the circuit runs by itself once started."
        value={circuit.stations}
        options={range(CIRCUIT_STATIONS.min, CIRCUIT_STATIONS.max).map((count) => ({ value: count, label: `${count} stations` }))}
        onChange={(stations) => change({ stations })}
      />
      <SelectBox
        label="Rest stations"
        hint="A rest lasts as long as a station, and sits between stations, as in the exam."
        value={circuit.restStations}
        options={range(0, MAX_REST_STATIONS).map((count) => ({ value: count, label: count === 0 ? 'No rest' : `${count} rest ${count === 1 ? 'station' : 'stations'}` }))}
        onChange={(restStations) => change({ restStations })}
      />
      <ChoiceGroup
        legend="Change-over (the examiner finishes marking)"
        name="changeoverSeconds"
        value={circuit.changeoverSeconds}
        onChange={(changeoverSeconds) => change({ changeoverSeconds })}
        options={CHANGEOVER_OPTIONS.map((seconds) => ({ value: seconds, label: seconds < 60 ? `${seconds} s` : `${seconds / 60} min` }))}
      />
      <ChoiceGroup
        legend="Who is the candidate"
        name="candidate"
        value={circuit.candidate}
        onChange={(candidate) => change({ candidate })}
        options={CANDIDATE_MODES.map((mode) => ({ value: mode, label: CANDIDATE_MODE_LABELS[mode] }))}
      />
    </>
  )
}
