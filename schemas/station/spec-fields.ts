import type { CriterionView, SectionView } from '../content.ts'
import { DOMAIN_TEXT, DOMAINS } from '../marking.ts'
import type { Station } from './station.ts'

/**
 * The spec's fields of a case (WIRE.md section 4), written from its station: what a client that knows only the
 * spec shows each role, and the criteria feedback is given on. Stored beside the station whenever it is saved,
 * so every reader of a case (role views, scoring, the spec's client) works on both shapes unchanged.
 */
export interface SpecFields {
  doctorNotes: string
  doctorSections: SectionView[]
  patientNotes: string
  patientSections: SectionView[]
  feedbackCriteria: CriterionView[]
  telephoneConsultation: boolean
}

const bullets = (lines: readonly string[]) => lines.map((line) => `- ${line}`).join('\n')

/** Sections with something in them, numbered in order, with ids that stay the same across saves. */
function sections(side: 'doctor' | 'patient', parts: Array<[key: string, title: string, content: string]>): SectionView[] {
  return parts
    .filter(([, , content]) => content.trim() !== '')
    .map(([key, title, content], order) => ({ id: `station-${side}-${key}`, title, content, order }))
}

export function specFieldsOf(station: Station): SpecFields {
  const { candidate, patient } = station
  const volunteered = patient.facts.filter((fact) => fact.reveal === 'VOLUNTEER').map((fact) => fact.text)
  const ifAsked = patient.facts.filter((fact) => fact.reveal === 'IF_ASKED').map((fact) => fact.text)
  const ice = [
    patient.ideas && `Ideas: ${patient.ideas}`,
    patient.concerns && `Concerns: ${patient.concerns}`,
    patient.expectations && `Expectations: ${patient.expectations}`,
  ].filter(Boolean) as string[]
  return {
    doctorNotes: `Setting: ${candidate.setting}`,
    doctorSections: sections('doctor', [
      ['task', 'Task', bullets(candidate.tasks)],
      ['not-needed', 'You do not need to', bullets(candidate.notNeeded)],
      ['background', 'Background information', candidate.background ?? ''],
    ]),
    patientNotes: `${patient.persona}\nOpening line: "${patient.openingLine}"`,
    patientSections: sections('patient', [
      ['volunteer', 'Say when the topic comes up', bullets(volunteered)],
      ['if-asked', 'Say only if asked directly', bullets(ifAsked)],
      ['ice', 'Ideas, concerns and expectations', bullets(ice)],
      ['cues', 'Cues and how to behave', bullets(patient.cues)],
      ['questions', 'Questions to ask the doctor', bullets(patient.questions)],
    ]),
    feedbackCriteria: station.checklist.map((item, order) => ({
      id: item.id,
      name: item.item,
      domain: item.domain,
      order,
      hasSubCriteria: false,
      subCriteria: [],
    })),
    telephoneConsultation: station.stationType === 'TELEPHONE',
  }
}

/**
 * What the doctor assesses themself on while the others give feedback (issue 16): the case's criteria, or for a
 * station the three domains, since the examiner's checklist is not the doctor's to see before the round is over
 * (issue 32). The station result of either is read the same way, by domain.
 */
export function selfAssessmentCriteria(fullCase: { feedbackCriteria: CriterionView[]; station: Station | null }): CriterionView[] {
  if (!fullCase.station) return fullCase.feedbackCriteria
  return DOMAINS.map((domain, order) => ({ id: `domain-${domain.toLowerCase().replace('_', '-')}`, name: DOMAIN_TEXT[domain].label, domain, order, hasSubCriteria: false, subCriteria: [] }))
}
