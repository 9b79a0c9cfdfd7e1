import type { Domain } from '../marking.ts'
import type { SpecFields } from './spec-fields.ts'
import type { ChecklistItem, PatientFact, Station, StationType } from './station.ts'

/**
 * A station as it is being written: the station type and the domains may not be chosen yet. The Station schema
 * (station.ts) is what makes a draft a station, with a message for each field still missing.
 */
export interface ChecklistItemDraft extends Omit<ChecklistItem, 'domain'> {
  domain: Domain | ''
}
export interface StationDraft extends Omit<Station, 'stationType' | 'checklist'> {
  stationType: StationType | ''
  checklist: ChecklistItemDraft[]
}

/** What a case in the older shape has: free-text notes and sections, and criteria with sub-criteria. */
export type OldShapeCase = SpecFields & { description: string }

/** Ids that name a fact or checklist item: lower-case, unique in their list, kept across edits (station.ts). */
const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,59}$/
let idCounter = 0
export const newStationItemId = (prefix: 'fact' | 'item') => `${prefix}-${Date.now().toString(36)}${(++idCounter).toString(36)}`

export const emptyStationDraft = (): StationDraft => ({
  stationType: '',
  mlaAreas: [],
  difficulty: 'STANDARD',
  candidate: { setting: '', tasks: [''], notNeeded: [], background: '' },
  patient: { persona: '', openingLine: '', facts: [], ideas: '', concerns: '', expectations: '', cues: [], questions: [] },
  checklist: [],
})

/** The lines of a note, without their list markers ("- ", "* ", "1. ") and without blank ones. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/^(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((line) => line !== '')
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean)

/** Where a section of the older shape goes in the station, read from its title. */
type PatientPart = 'ifAsked' | 'ideas' | 'concerns' | 'expectations' | 'cues' | 'questions' | 'facts'
function patientPartOf(title: string): PatientPart {
  const heading = title.toLowerCase()
  if (/\bask(ed)?\b/.test(heading) && !/question/.test(heading)) return 'ifAsked'
  if (/\bidea|\bice\b/.test(heading)) return 'ideas'
  if (/concern|worr/.test(heading)) return 'concerns'
  if (/expect/.test(heading)) return 'expectations'
  if (/\bcue|behav|manner|emotion/.test(heading)) return 'cues'
  if (/question/.test(heading)) return 'questions'
  return 'facts'
}

/** An opening line the older notes spell out ('Opening line: "..."'), and the notes without it. */
function openingLineIn(notes: string): { openingLine: string; rest: string } {
  const match = /^\s*(?:opening(?: line| statement)?|start with)\s*:\s*["“]?(.+?)["”]?\s*$/im.exec(notes)
  if (!match) return { openingLine: '', rest: notes.trim() }
  return { openingLine: match[1].trim(), rest: notes.replace(match[0], '').trim() }
}

/**
 * A case in the older shape written as a station draft, for the admin to finish (issue 32, item 6). Nothing
 * typed is dropped: every line lands in a field of the station, sections by what their title says (tasks, what is
 * not needed, facts given only if asked, ideas, concerns, expectations, cues, questions), anything else as
 * background or as facts the patient volunteers. What the older shape cannot say (the station type unless it was
 * a telephone consultation, the MLA areas, an unassigned domain) is left empty, so the schema asks for it.
 */
export function stationFromOldShape(oldCase: OldShapeCase): StationDraft {
  const draft = emptyStationDraft()
  const [setting, ...moreNotes] = paragraphs(oldCase.doctorNotes)
  const background: string[] = moreNotes
  draft.candidate.setting = (setting ?? oldCase.description.trim()).replace(/^setting\s*:\s*/i, '')
  draft.candidate.tasks = []
  for (const section of [...oldCase.doctorSections].sort((a, b) => a.order - b.order)) {
    const title = section.title.trim()
    if (/task/i.test(title)) draft.candidate.tasks.push(...linesOf(section.content))
    else if (/not need|do not|don.t need/i.test(title)) draft.candidate.notNeeded.push(...linesOf(section.content))
    else background.push(title && !/^background/i.test(title) ? `${title}:\n${section.content.trim()}` : section.content.trim())
  }
  if (draft.candidate.tasks.length === 0) draft.candidate.tasks = ['']
  draft.candidate.background = background.filter(Boolean).join('\n\n')
  if (oldCase.telephoneConsultation) draft.stationType = 'TELEPHONE'

  const { openingLine, rest } = openingLineIn(oldCase.patientNotes)
  draft.patient.openingLine = openingLine
  draft.patient.persona = rest
  const facts: PatientFact[] = []
  const ice = { ideas: [] as string[], concerns: [] as string[], expectations: [] as string[] }
  for (const section of [...oldCase.patientSections].sort((a, b) => a.order - b.order)) {
    const part = patientPartOf(section.title)
    const lines = linesOf(section.content)
    if (part === 'facts' || part === 'ifAsked') {
      const reveal = part === 'ifAsked' ? 'IF_ASKED' : 'VOLUNTEER'
      facts.push(...lines.map((text) => ({ id: newStationItemId('fact'), text, reveal }) as const))
    } else if (part === 'cues' || part === 'questions') draft.patient[part].push(...lines)
    else {
      // One section often holds all three ("Ideas: ...", "Concerns: ..."): each line goes where its label says.
      for (const line of lines) {
        const labelled = /^(idea|concern|expectation)s?\s*:\s*(.*)$/i.exec(line)
        if (labelled) ice[`${labelled[1].toLowerCase() as 'idea' | 'concern' | 'expectation'}s`].push(labelled[2])
        else ice[part].push(line)
      }
    }
  }
  draft.patient.facts = facts
  draft.patient.ideas = ice.ideas.join(' ')
  draft.patient.concerns = ice.concerns.join(' ')
  draft.patient.expectations = ice.expectations.join(' ')

  const usedIds = new Set<string>()
  draft.checklist = [...oldCase.feedbackCriteria]
    .sort((a, b) => a.order - b.order)
    .map((criterion) => {
      // A criterion's id is kept where it can name an item, so feedback already given on it keeps its meaning.
      const id = ITEM_ID.test(criterion.id) && !usedIds.has(criterion.id) ? criterion.id : newStationItemId('item')
      usedIds.add(id)
      const good = [...criterion.subCriteria].sort((a, b) => a.order - b.order).map((sub) => sub.name.trim()).filter(Boolean)
      return { id, domain: criterion.domain ?? '', item: criterion.name, good: good.join('; ') }
    })
  return draft
}
