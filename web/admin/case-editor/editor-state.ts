import type { CaseView, CriterionView, SectionView, SubCriterionView } from '../../../schemas/content.ts'
import type { StationDraft } from '../../../schemas/station/from-old-shape.ts'
import type { Station } from '../../../schemas/station/station.ts'
import type { CaseDraft } from '../../api/content.ts'

/** What the case editor holds; lists keep their `order` equal to their position (0..n-1) at all times. */
export interface EditorState {
  title: string
  description: string
  categoryId: string
  doctorNotes: string
  patientNotes: string
  doctorSections: SectionView[]
  patientSections: SectionView[]
  feedbackCriteria: CriterionView[]
  /** Text and image are kept apart, so switching the type back and forth loses neither. */
  visualType: 'text' | 'image'
  visualText: string
  visualImageUrl: string
  isRecallCase: boolean
  recallDates: string[]
  telephoneConsultation: boolean
  /**
   * The case in the exam's shape (issue 32), or null for one written as free text. While it is set, the notes,
   * sections and criteria above are not edited or sent: the server writes them from the station.
   */
  station: StationDraft | null
}

export const emptyEditorState = (): EditorState => ({
  title: '',
  description: '',
  categoryId: '',
  doctorNotes: '',
  patientNotes: '',
  doctorSections: [],
  patientSections: [],
  feedbackCriteria: [],
  visualType: 'text',
  visualText: '',
  visualImageUrl: '',
  isRecallCase: false,
  recallDates: [],
  telephoneConsultation: false,
  station: null,
})

const byOrder = <T extends { order: number }>(list: T[]) => renumber([...list].sort((a, b) => a.order - b.order))

export function editorStateFrom(loaded: CaseView): EditorState {
  const visualType = loaded.visualData?.type ?? (loaded.imageUrl ? 'image' : 'text')
  const visualContent = loaded.visualData?.content || loaded.imageUrl || ''
  return {
    title: loaded.title,
    description: loaded.description,
    categoryId: String(loaded.category.id),
    doctorNotes: loaded.doctorNotes,
    patientNotes: loaded.patientNotes,
    doctorSections: byOrder(loaded.doctorSections),
    patientSections: byOrder(loaded.patientSections),
    feedbackCriteria: byOrder(loaded.feedbackCriteria).map((criterion) => ({ ...criterion, subCriteria: byOrder(criterion.subCriteria) })),
    visualType,
    visualText: visualType === 'text' ? visualContent : '',
    visualImageUrl: visualType === 'image' ? visualContent : '',
    isRecallCase: loaded.isRecallCase,
    recallDates: [...loaded.recallDates].sort(),
    telephoneConsultation: loaded.telephoneConsultation,
    station: loaded.station,
  }
}

/**
 * The request body (WIRE.md section 5). Blank findings are sent as none; an image's URL is also `imageUrl`. A
 * station is sent as drafted (the shared schema, here and on the server, names what it still lacks) with no
 * notes of its own, since the server writes them from it.
 */
export function draftFrom(state: EditorState): CaseDraft {
  const content = (state.visualType === 'image' ? state.visualImageUrl : state.visualText).trim()
  const station = state.station && { station: state.station as Station, doctorNotes: '', patientNotes: '', doctorSections: [], patientSections: [], feedbackCriteria: [] }
  return {
    title: state.title,
    description: state.description,
    category: (state.categoryId ? { id: Number(state.categoryId) } : null) as CaseDraft['category'],
    doctorNotes: state.doctorNotes,
    patientNotes: state.patientNotes,
    doctorSections: state.doctorSections,
    patientSections: state.patientSections,
    feedbackCriteria: state.feedbackCriteria,
    visualData: content ? { type: state.visualType, content } : null,
    imageUrl: content && state.visualType === 'image' ? content : null,
    isRecallCase: state.isRecallCase,
    recallDates: state.isRecallCase ? state.recallDates : [],
    telephoneConsultation: state.telephoneConsultation,
    ...station,
  }
}

// Temporary ids in the editor's own style ("section-1735550000000"); the server keeps them, and React uses
// them as keys so a moved item keeps its inputs (and focus).
let idCounter = 0
const newItemId = (prefix: 'section' | 'criterion' | 'sub') => `${prefix}-${Date.now()}${++idCounter}`

function renumber<T extends { order: number }>(list: T[]): T[] {
  return list.map((item, index) => (item.order === index ? item : { ...item, order: index }))
}

/** A list without `order` fields (a station's facts and checklist): its position is its order. */
export function moveAt<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta
  if (target < 0 || target >= list.length) return list
  const moved = [...list]
  ;[moved[index], moved[target]] = [moved[target], moved[index]]
  return moved
}

export const removeAt = <T>(list: T[], index: number): T[] => list.filter((_, at) => at !== index)

export const moveItem = <T extends { order: number }>(list: T[], index: number, delta: -1 | 1): T[] => {
  const moved = moveAt(list, index, delta)
  return moved === list ? list : renumber(moved)
}

export const removeItem = <T extends { order: number }>(list: T[], index: number): T[] => renumber(removeAt(list, index))

export const replaceItem = <T>(list: T[], index: number, item: T): T[] => list.map((existing, at) => (at === index ? item : existing))

export const newSection = (order: number): SectionView => ({ id: newItemId('section'), title: '', content: '', order })

export const newCriterion = (order: number): CriterionView => ({ id: newItemId('criterion'), name: '', domain: null, order, hasSubCriteria: false, subCriteria: [] })

export const newSubCriterion = (order: number): SubCriterionView => ({ id: newItemId('sub'), name: '', order })

/** Recall dates stay unique and sorted: adding one that is already there changes nothing. */
export const addRecallDate = (dates: string[], date: string) => (!date || dates.includes(date) ? dates : [...dates, date].sort())
