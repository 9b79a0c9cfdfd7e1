/**
 * How the PLAB 2 exam marks a station (../shared/PLAB2.md): three equally weighted domains, a global judgement and
 * ten feedback areas. The codes are the wire's and the database's; labels and one-line explanations are what every
 * screen shows, so the form, the cards and the progress page say the same words.
 */

export const DOMAINS = ['DATA_GATHERING', 'CLINICAL_MANAGEMENT', 'INTERPERSONAL'] as const
export type Domain = (typeof DOMAINS)[number]

export const GLOBAL_JUDGEMENTS = ['UNSATISFACTORY', 'BORDERLINE', 'SATISFACTORY', 'GOOD'] as const
export type GlobalJudgement = (typeof GLOBAL_JUDGEMENTS)[number]

export const FEEDBACK_AREAS = [
  'CONSULTATION',
  'DIAGNOSIS',
  'EXAMINATION',
  'FINDINGS',
  'ISSUES',
  'LANGUAGE',
  'LISTENING',
  'MANAGEMENT',
  'RAPPORT',
  'TIME',
] as const
export type FeedbackArea = (typeof FEEDBACK_AREAS)[number]

export interface Described {
  label: string
  explanation: string
}

export const DOMAIN_TEXT: Record<Domain, Described & { short: string }> = {
  DATA_GATHERING: {
    label: 'Data gathering, technical and assessment skills',
    short: 'Data gathering',
    explanation: 'History, examination, procedures and choosing investigations.',
  },
  CLINICAL_MANAGEMENT: {
    label: 'Clinical management skills',
    short: 'Clinical management',
    explanation: 'Diagnosis, explanation, management plan, safety-netting and follow-up.',
  },
  INTERPERSONAL: {
    label: 'Interpersonal skills',
    short: 'Interpersonal',
    explanation: 'Rapport, questioning style, listening, involving the patient, professionalism and ethics.',
  },
}

export const JUDGEMENT_TEXT: Record<GlobalJudgement, Described> = {
  UNSATISFACTORY: { label: 'Unsatisfactory', explanation: 'Below the standard of a doctor starting F2: would not pass this station.' },
  BORDERLINE: { label: 'Borderline', explanation: 'Close to the standard: could go either way.' },
  SATISFACTORY: { label: 'Satisfactory', explanation: 'At the standard of a doctor starting F2.' },
  GOOD: { label: 'Good', explanation: 'Clearly above the standard.' },
}

/** The judgements that ask an examiner to say why: at least one feedback area. */
export const JUDGEMENTS_NEEDING_AREAS: readonly GlobalJudgement[] = ['UNSATISFACTORY', 'BORDERLINE']

export const AREA_TEXT: Record<FeedbackArea, Described> = {
  CONSULTATION: { label: 'Consultation', explanation: 'Disorganised or unstructured consultation.' },
  DIAGNOSIS: { label: 'Diagnosis', explanation: 'Did not reach or explain a likely diagnosis.' },
  EXAMINATION: { label: 'Examination', explanation: 'Examination missed, incomplete or poorly done.' },
  FINDINGS: { label: 'Findings', explanation: 'Did not interpret the history, examination or results correctly.' },
  ISSUES: { label: 'Issues', explanation: 'Did not recognise the issues or priorities.' },
  LANGUAGE: { label: 'Language', explanation: 'Used jargon or was unclear.' },
  LISTENING: { label: 'Listening', explanation: 'Did not listen or respond to what the patient said.' },
  MANAGEMENT: { label: 'Management', explanation: 'The plan was unsafe, incomplete or not agreed.' },
  RAPPORT: { label: 'Rapport', explanation: 'Did not build rapport or show empathy.' },
  TIME: { label: 'Time', explanation: 'Poor time management.' },
}

export const isDomain = (value: unknown): value is Domain => (DOMAINS as readonly unknown[]).includes(value)

/**
 * What stops a case's feedback from getting a full station result: criteria not yet put in a domain, and domains
 * with no criterion at all (their grade, and so the score out of 12, cannot be given).
 */
export function domainGaps(criteria: ReadonlyArray<{ domain?: Domain | null }>): { unassigned: number; missing: Domain[] } {
  return {
    unassigned: criteria.filter((criterion) => !criterion.domain).length,
    missing: DOMAINS.filter((domain) => !criteria.some((criterion) => criterion.domain === domain)),
  }
}

export const needsDomainWork = (criteria: ReadonlyArray<{ domain?: Domain | null }>) => {
  const gaps = domainGaps(criteria)
  return gaps.unassigned > 0 || gaps.missing.length > 0
}
