import type { Station } from '../../schemas/station/station.ts'

/** A station that passes every rule of the bank: a history-taking case with two facts and one item per domain. */
export const chestPainStation: Station = {
  stationType: 'HISTORY',
  mlaAreas: ['CARDIOVASCULAR'],
  difficulty: 'CORE',
  candidate: { setting: 'GP surgery; you are the FY2 doctor', tasks: ['Take a history', 'Explain the plan'], notNeeded: [], background: '' },
  patient: {
    persona: 'A 54-year-old driver, worried',
    openingLine: 'My chest hurts, doctor.',
    facts: [
      { id: 'onset', text: 'It started two hours ago', reveal: 'VOLUNTEER' },
      { id: 'smoker', text: 'Twenty a day for thirty years', reveal: 'IF_ASKED' },
    ],
    ideas: '',
    concerns: 'A heart attack like his father',
    expectations: '',
    cues: [],
    questions: ['Is it my heart?'],
  },
  checklist: [
    { id: 'asks-onset', domain: 'DATA_GATHERING', item: 'Asks when it started', good: '' },
    { id: 'plans-ecg', domain: 'CLINICAL_MANAGEMENT', item: 'Arranges an ECG now', good: '' },
    { id: 'empathy', domain: 'INTERPERSONAL', item: 'Acknowledges the worry', good: '' },
  ],
}
