import styled from 'styled-components'
import { CHECKLIST_MARK_LABEL } from '../../../schemas/labels.ts'
import { DOMAIN_TEXT } from '../../../schemas/marking.ts'
import { CHECKLIST_MARKS, type ChecklistMark } from '../../../schemas/session/types.ts'
import { Chip } from '../../components/Chip.tsx'
import { theme } from '../../theme.ts'
import type { checklistByDomain, factsToTell } from './station-notes.ts'

/**
 * The two lists of a station's notes as the room draws them: the patient's facts to tick as they are told, and the
 * examiner's checklist to mark. Without a handler the controls are shown but cannot be used (the case editor's
 * preview, or a seat that may not note now).
 */

type Fact = ReturnType<typeof factsToTell>[number]
type ChecklistGroup = ReturnType<typeof checklistByDomain>[number]
type ChecklistEntry = ChecklistGroup['items'][number]

interface FactsProps {
  openingLine: string | null
  facts: Fact[]
  /** What the box shows: the told state, or a choice still being saved. */
  shownTold?: (fact: Fact) => boolean
  isSaving?: (fact: Fact) => boolean
  onTell?: (fact: Fact, told: boolean) => void
}

export function FactsToTell({ openingLine, facts, shownTold = (fact) => fact.told, isSaving, onTell }: FactsProps) {
  return (
    <>
      {openingLine && (
        <Opening>
          Start with: <q>{openingLine}</q>
        </Opening>
      )}
      <FactList>
        {facts.map((fact) => (
          <li key={fact.id}>
            <label>
              <input
                type="checkbox"
                checked={shownTold(fact)}
                disabled={!onTell}
                aria-busy={isSaving?.(fact) || undefined}
                onChange={(event) => onTell?.(fact, event.target.checked)}
              />
              <span>{fact.text}</span>
              {fact.reveal === 'IF_ASKED' && <Chip $tone="warning">Only if asked</Chip>}
              {fact.toldAt && <When>told {fact.toldAt}</When>}
            </label>
          </li>
        ))}
      </FactList>
    </>
  )
}

interface ChecklistProps {
  groups: ChecklistGroup[]
  shownMark?: (item: ChecklistEntry) => ChecklistMark | null
  onMark?: (item: ChecklistEntry, mark: ChecklistMark) => void
  /** Radio groups are named per item; two lists of the same case on one page need different names. */
  namePrefix?: string
}

export function ExaminerChecklist({ groups, shownMark = (item) => item.mark, onMark, namePrefix = 'mark' }: ChecklistProps) {
  return groups.map((group) => (
    <section key={group.domain} aria-label={DOMAIN_TEXT[group.domain].label}>
      <h3>{DOMAIN_TEXT[group.domain].short}</h3>
      {group.items.map((item) => (
        <Item key={item.id}>
          <legend>
            {item.item}
            {item.markedAt && <When> (marked {item.markedAt})</When>}
          </legend>
          {item.good && <Good>Good: {item.good}</Good>}
          <Marks>
            {CHECKLIST_MARKS.map((mark: ChecklistMark) => (
              <label key={mark}>
                <input
                  type="radio"
                  name={`${namePrefix}-${item.id}`}
                  checked={shownMark(item) === mark}
                  disabled={!onMark}
                  onChange={() => onMark?.(item, mark)}
                />
                {CHECKLIST_MARK_LABEL[mark]}
              </label>
            ))}
          </Marks>
        </Item>
      ))}
    </section>
  ))
}

/** The box around a station's lists, in the room and in the editor's preview. */
export const NotesPanel = styled.section`
  margin: 12px 0;
  padding: 12px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  h2, & > h3:first-child { font-size: 1.1rem; margin: 0 0 8px; }
  h3 { font-size: 1rem; margin: 12px 0 4px; }
`

const Opening = styled.p`
  margin: 0 0 8px;
  font-weight: 600;
  overflow-wrap: anywhere;
`

const FactList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  li { padding: 6px 0; border-bottom: 1px solid ${theme.color.border}; }
  label { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
  input { width: 20px; height: 20px; flex: none; }
  span { flex: 1 1 200px; overflow-wrap: anywhere; }
`

const Item = styled.fieldset`
  margin: 6px 0;
  padding: 8px 10px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  legend { padding: 0 4px; font-weight: 600; overflow-wrap: anywhere; }
`

const Marks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  label { display: inline-flex; gap: 6px; align-items: center; min-height: 32px; }
  input { width: 18px; height: 18px; }
`

const Good = styled.p`
  margin: 2px 0 4px;
  color: ${theme.color.muted};
  font-size: 0.9rem;
`

const When = styled.span`
  color: ${theme.color.muted};
  font-size: 0.85rem;
  font-weight: 400;
`
