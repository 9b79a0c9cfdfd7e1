import * as v from 'valibot'
import { DOMAINS } from '../marking.ts'

/**
 * A case in the exam's shape (issue 32, ../shared/PLAB2.md): the candidate's instructions, the simulated patient's
 * script with facts given freely or only if asked, and the examiner's checklist in the three domains; what kind
 * of station it is, the areas of the MLA content map it covers, and how hard it is. The spec's fields of a case
 * (doctorNotes, sections, feedbackCriteria) are derived from it (spec-fields.ts), so older clients read it too.
 */

export const STATION_TYPES = ['HISTORY', 'EXAMINATION', 'EXPLANATION', 'TELEPHONE', 'VIDEO', 'DATA_INTERPRETATION', 'ETHICS_CONSENT', 'EMERGENCY'] as const
export type StationType = (typeof STATION_TYPES)[number]

export const STATION_TYPE_LABELS: Record<StationType, string> = {
  HISTORY: 'History taking',
  EXAMINATION: 'Examination with findings',
  EXPLANATION: 'Explanation and counselling',
  TELEPHONE: 'Telephone consultation',
  VIDEO: 'Video consultation',
  DATA_INTERPRETATION: 'Data interpretation',
  ETHICS_CONSENT: 'Ethics and consent',
  EMERGENCY: 'Emergency / manikin',
}

/** The areas of clinical practice of the GMC's MLA content map, which PLAB 2 follows since May 2024. */
export const MLA_AREAS = [
  'ACUTE_EMERGENCY',
  'CANCER',
  'CARDIOVASCULAR',
  'CHILD_HEALTH',
  'CLINICAL_HAEMATOLOGY',
  'CLINICAL_IMAGING',
  'DERMATOLOGY',
  'ENT',
  'ENDOCRINE_METABOLIC',
  'GASTROINTESTINAL',
  'GENERAL_PRACTICE',
  'INFECTION',
  'OLDER_ADULT',
  'MENTAL_HEALTH',
  'MUSCULOSKELETAL',
  'NEUROSCIENCES',
  'OBSTETRICS_GYNAECOLOGY',
  'OPHTHALMOLOGY',
  'PALLIATIVE_CARE',
  'PERIOPERATIVE_ANAESTHESIA',
  'RENAL_UROLOGY',
  'RESPIRATORY',
  'SEXUAL_HEALTH',
  'SURGERY',
] as const
export type MlaArea = (typeof MLA_AREAS)[number]

export const MLA_AREA_LABELS: Record<MlaArea, string> = {
  ACUTE_EMERGENCY: 'Acute and emergency',
  CANCER: 'Cancer',
  CARDIOVASCULAR: 'Cardiovascular',
  CHILD_HEALTH: 'Child and adolescent health',
  CLINICAL_HAEMATOLOGY: 'Clinical haematology',
  CLINICAL_IMAGING: 'Clinical imaging',
  DERMATOLOGY: 'Dermatology',
  ENT: 'Ear, nose and throat',
  ENDOCRINE_METABOLIC: 'Endocrine and metabolic',
  GASTROINTESTINAL: 'Gastrointestinal including liver',
  GENERAL_PRACTICE: 'General practice and primary healthcare',
  INFECTION: 'Infection',
  OLDER_ADULT: 'Medicine of older adult',
  MENTAL_HEALTH: 'Mental health',
  MUSCULOSKELETAL: 'Musculoskeletal',
  NEUROSCIENCES: 'Neurosciences',
  OBSTETRICS_GYNAECOLOGY: 'Obstetrics and gynaecology',
  OPHTHALMOLOGY: 'Ophthalmology',
  PALLIATIVE_CARE: 'Palliative and end of life care',
  PERIOPERATIVE_ANAESTHESIA: 'Perioperative medicine and anaesthesia',
  RENAL_UROLOGY: 'Renal and urology',
  RESPIRATORY: 'Respiratory',
  SEXUAL_HEALTH: 'Sexual health',
  SURGERY: 'Surgery',
}

export const DIFFICULTIES = ['CORE', 'STANDARD', 'CHALLENGING'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]

export const DIFFICULTY_LABELS: Record<Difficulty, string> = {
  CORE: 'Core: a common presentation, done well by most',
  STANDARD: 'Standard: the level of the exam',
  CHALLENGING: 'Challenging: a difficult conversation or an unusual twist',
}

/** Volunteered: the patient says it unprompted when the topic comes up; if asked: only to a question that asks for it. */
export const FACT_REVEALS = ['VOLUNTEER', 'IF_ASKED'] as const
export type FactReveal = (typeof FACT_REVEALS)[number]

const ITEM_TEXT_MAX = 1_000
const PARAGRAPH_MAX = 5_000
const LIST_MAX = 40

const text = (label: string, max: number) => v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`))
const required = (label: string, max: number) => v.pipe(text(label, max), v.nonEmpty(`${label} is required`))
const list = <S extends v.GenericSchema>(item: S, label: string) =>
  v.optional(v.pipe(v.array(item, `${label} must be a list`), v.maxLength(LIST_MAX, `At most ${LIST_MAX} ${label.toLowerCase()}`)), [])
/** A stable id, kept across edits so stored ticks and reveals keep naming the same item. */
const itemId = v.pipe(v.string('An id must be text'), v.regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'An id is 1-60 lower-case letters, digits or dashes'))

export const CandidateInstructions = v.object({
  /** Where the station happens and who the candidate is there ("GP surgery; you are the FY2 doctor"). */
  setting: required('The setting', PARAGRAPH_MAX),
  /** What the candidate is asked to do, one line each. */
  tasks: v.pipe(list(required('A task', ITEM_TEXT_MAX), 'Tasks'), v.nonEmpty('Give at least one task')),
  /** What the candidate need not do ("You do not need to examine the patient"). */
  notNeeded: list(required('A line', ITEM_TEXT_MAX), 'Lines'),
  /** Results, observations or background the candidate reads before entering. */
  background: v.optional(text('The background', PARAGRAPH_MAX), ''),
})

export const PatientFact = v.object({
  id: itemId,
  text: required("A fact's text", ITEM_TEXT_MAX),
  reveal: v.picklist(FACT_REVEALS, 'A fact is VOLUNTEER or IF_ASKED'),
})
export type PatientFact = v.InferOutput<typeof PatientFact>

export const PatientScript = v.object({
  /** Who they are, how they look and feel when the candidate comes in. */
  persona: required('Who the patient is', PARAGRAPH_MAX),
  openingLine: required('The opening line', ITEM_TEXT_MAX),
  facts: v.pipe(list(PatientFact, 'Facts'), v.nonEmpty('Give at least one fact')),
  ideas: v.optional(text('Ideas', PARAGRAPH_MAX), ''),
  concerns: v.optional(text('Concerns', PARAGRAPH_MAX), ''),
  expectations: v.optional(text('Expectations', PARAGRAPH_MAX), ''),
  /** Cues to give and how to behave, one line each. */
  cues: list(required('A cue', ITEM_TEXT_MAX), 'Cues'),
  /** Questions the patient asks the candidate, one line each. */
  questions: list(required('A question', ITEM_TEXT_MAX), 'Questions'),
})
export type PatientScript = v.InferOutput<typeof PatientScript>

export const ChecklistItem = v.object({
  id: itemId,
  domain: v.picklist(DOMAINS, `A checklist item's domain must be one of ${DOMAINS.join(', ')}`),
  item: required('A checklist item', ITEM_TEXT_MAX),
  /** What doing it well looks like, for the examiner. */
  good: v.optional(text('What good looks like', ITEM_TEXT_MAX), ''),
})
export type ChecklistItem = v.InferOutput<typeof ChecklistItem>

/** Ids must be unique within their list: ticks and reveals name items by id. */
const uniqueIds = <T extends { id: string }>(label: string) => v.check<T[], string>((items) => new Set(items.map((item) => item.id)).size === items.length, `${label} ids must be unique`)

export const Station = v.object({
  stationType: v.picklist(STATION_TYPES, `The station type must be one of ${STATION_TYPES.join(', ')}`),
  mlaAreas: v.pipe(v.array(v.picklist(MLA_AREAS, 'Unknown MLA area'), 'MLA areas must be a list'), v.nonEmpty('Name at least one MLA area'), v.maxLength(5, 'At most 5 MLA areas')),
  difficulty: v.picklist(DIFFICULTIES, `The difficulty must be one of ${DIFFICULTIES.join(', ')}`),
  candidate: CandidateInstructions,
  patient: v.object({ ...PatientScript.entries, facts: v.pipe(PatientScript.entries.facts, uniqueIds<PatientFact>('Fact')) }),
  checklist: v.pipe(
    v.array(ChecklistItem, 'The checklist must be a list'),
    v.maxLength(LIST_MAX, `At most ${LIST_MAX} checklist items`),
    uniqueIds<ChecklistItem>('Checklist item'),
    // Every station is graded in all three domains, so each needs something to observe.
    v.check((items) => DOMAINS.every((domain) => items.some((item) => item.domain === domain)), 'The checklist needs at least one item in each of the three domains'),
  ),
})
export type Station = v.InferOutput<typeof Station>
