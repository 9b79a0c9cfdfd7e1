import type { CaseView, CriterionView, SectionView } from '../../../schemas/content.ts'
import { STATION_TYPE_LABELS } from '../../../schemas/station/station.ts'
import { itemChanges, listChange, textChange, type CaseChange } from './diff-parts.ts'
import { domainName, stationChanges } from './station-diff.ts'

export type { CaseChange, DiffPart } from './diff-parts.ts'

/**
 * What changed between two versions of a case, field by field in the words of the editor; an unchanged field is
 * not listed, so no changes at all means no differences. A case in the exam's shape is compared by its station
 * (the older fields are written from it); otherwise, or when one version has no station, by the older fields.
 */
export function caseChanges(before: CaseView, after: CaseView): CaseChange[] {
  return [
    ...textChange('Title', before.title, after.title),
    ...textChange('Description', before.description, after.description),
    ...textChange('Topic', before.category.name, after.category.name),
    ...(before.station && after.station ? stationChanges(before.station, after.station) : olderShapeChanges(before, after)),
    ...textChange('Recall case', yesNo(before.isRecallCase), yesNo(after.isRecallCase)),
    ...listChange('Recall dates', before.recallDates, after.recallDates),
    ...textChange('Image', before.imageUrl ?? '', after.imageUrl ?? ''),
    ...textChange('Findings shown as text', textFinding(before), textFinding(after)),
  ]
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

const textFinding = ({ visualData }: CaseView) => (visualData?.type === 'text' ? visualData.content : '')

const stationName = ({ station }: CaseView) => (station ? `${STATION_TYPE_LABELS[station.stationType]} station` : '')

function olderShapeChanges(before: CaseView, after: CaseView): CaseChange[] {
  return [
    ...textChange("Written in the exam's shape", stationName(before), stationName(after)),
    ...textChange("Doctor's notes", before.doctorNotes, after.doctorNotes),
    ...sectionChanges("Doctor's section", before.doctorSections, after.doctorSections),
    ...textChange("Patient's notes", before.patientNotes, after.patientNotes),
    ...sectionChanges("Patient's section", before.patientSections, after.patientSections),
    ...itemChanges(before.feedbackCriteria, after.feedbackCriteria, {
      list: 'feedback criteria',
      name: (criterion) => `Criterion "${criterion.name}"`,
      text: criterionText,
      fields: (old, criterion, name) => [
        ...textChange(name, old.name, criterion.name),
        ...textChange(`${name}: domain`, domainName(old.domain), domainName(criterion.domain)),
        ...listChange(`${name}: sub-criteria`, subNames(old), subNames(criterion)),
      ],
    }),
    ...textChange('Telephone consultation', yesNo(before.telephoneConsultation), yesNo(after.telephoneConsultation)),
  ]
}

function sectionChanges(side: string, before: SectionView[], after: SectionView[]): CaseChange[] {
  return itemChanges(before, after, {
    list: `${side.toLowerCase()}s`,
    name: (section) => `${side} "${section.title}"`,
    text: (section) => `${section.title}\n${section.content}`,
    fields: (old, section, name) => [...textChange(`${name}: title`, old.title, section.title), ...textChange(name, old.content, section.content)],
  })
}

const subNames = (criterion: CriterionView) => criterion.subCriteria.map((sub) => sub.name)

function criterionText(criterion: CriterionView): string {
  const subs = subNames(criterion)
  return `${criterion.name} (${domainName(criterion.domain)})${subs.length > 0 ? `: ${subs.join(', ')}` : ''}`
}
