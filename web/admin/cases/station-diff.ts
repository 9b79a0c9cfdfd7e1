import { DOMAIN_TEXT, type Domain } from '../../../schemas/marking.ts'
import { DIFFICULTY_LABELS, MLA_AREA_LABELS, STATION_TYPE_LABELS, type ChecklistItem, type PatientFact, type Station } from '../../../schemas/station/station.ts'
import { itemChanges, linesChange, listChange, textChange, type CaseChange } from './diff-parts.ts'

/** Two versions of a case in the exam's shape, compared part by part as the station editor shows them. */
export function stationChanges(before: Station, after: Station): CaseChange[] {
  return [
    ...textChange('Station type', STATION_TYPE_LABELS[before.stationType], STATION_TYPE_LABELS[after.stationType]),
    ...listChange('MLA areas', before.mlaAreas.map((area) => MLA_AREA_LABELS[area]), after.mlaAreas.map((area) => MLA_AREA_LABELS[area])),
    ...textChange('Difficulty', difficulty(before), difficulty(after)),
    ...candidateChanges(before.candidate, after.candidate),
    ...patientChanges(before.patient, after.patient),
    ...itemChanges(before.checklist, after.checklist, {
      list: 'checklist items',
      name: (item) => `Checklist item ${item.id}`,
      text: (item) => `${item.item} (${domainName(item.domain)})`,
      fields: checklistItemChanges,
    }),
  ]
}

/** The label's first words ("Core"), without its explanation. */
const difficulty = (station: Station) => DIFFICULTY_LABELS[station.difficulty].split(':')[0]

export const domainName = (domain: Domain | null) => (domain ? DOMAIN_TEXT[domain].short : 'No domain')

function candidateChanges(before: Station['candidate'], after: Station['candidate']): CaseChange[] {
  return [
    ...textChange("Candidate's setting", before.setting, after.setting),
    ...linesChange("Candidate's tasks", before.tasks, after.tasks),
    ...linesChange('What the candidate need not do', before.notNeeded, after.notNeeded),
    ...textChange("Candidate's background information", before.background, after.background),
  ]
}

function patientChanges(before: Station['patient'], after: Station['patient']): CaseChange[] {
  return [
    ...textChange('Who the patient is', before.persona, after.persona),
    ...textChange("Patient's opening line", before.openingLine, after.openingLine),
    ...itemChanges(before.facts, after.facts, {
      list: "the patient's facts",
      name: (fact) => `Patient fact ${fact.id}`,
      text: (fact) => `${fact.text} (${revealName(fact)})`,
      fields: (old, fact, name) => [...textChange(name, old.text, fact.text), ...textChange(`${name}: when said`, revealName(old), revealName(fact))],
    }),
    ...textChange("Patient's ideas", before.ideas, after.ideas),
    ...textChange("Patient's concerns", before.concerns, after.concerns),
    ...textChange("Patient's expectations", before.expectations, after.expectations),
    ...linesChange("Patient's cues", before.cues, after.cues),
    ...linesChange("Patient's questions", before.questions, after.questions),
  ]
}

const revealName = (fact: PatientFact) => (fact.reveal === 'VOLUNTEER' ? 'says it when the topic comes up' : 'says it only if asked')

function checklistItemChanges(before: ChecklistItem, after: ChecklistItem, name: string): CaseChange[] {
  return [
    ...textChange(name, before.item, after.item),
    ...textChange(`${name}: domain`, domainName(before.domain), domainName(after.domain)),
    ...textChange(`${name}: what good looks like`, before.good, after.good),
  ]
}
