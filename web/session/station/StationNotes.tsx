import { useState } from 'react'
import styled from 'styled-components'
import { CHECKLIST_MARK_LABEL } from '../../../schemas/labels.ts'
import { DOMAIN_TEXT } from '../../../schemas/marking.ts'
import { CHECKLIST_MARKS, type ChecklistMark } from '../../../schemas/session/types.ts'
import type { StationProgressView } from '../../../schemas/session-wire.ts'
import { sessionsApi } from '../../api/sessions.ts'
import { errorMessage } from '../../api/client.ts'
import { Alert } from '../../components/Alert.tsx'
import { Chip } from '../../components/Chip.tsx'
import { theme } from '../../theme.ts'
import type { Capabilities } from '../../../schemas/session/capabilities.ts'
import type { RoomSession } from '../room/room-state.ts'
import { checklistByDomain, factsToTell, openingLineOf } from './station-notes.ts'

interface Props {
  session: RoomSession
  userId: number
  can: Capabilities
  /** The round's notes the server answered with (and their version), for the room to show before its live echo arrives. */
  onProgress: (progress: StationProgressView, version: number) => void
}

/**
 * A station's notes in the room (issue 32): the patient's script as facts to tick as they are told, the
 * examiner's checklist to mark as they watch. Each tick is stored at once with the consultation's clock; the
 * doctor's room never has either (the server sends them neither).
 */
export function StationNotes({ session, userId, can, onProgress }: Props) {
  const [error, setError] = useState<string | null>(null)
  // What was just chosen, shown at once while it is saved (a slow connection must not make a tick look ignored);
  // the server's answer then replaces it, or the error says it was not kept.
  const [pending, setPending] = useState<Record<string, boolean | ChecklistMark>>({})
  const note = async (key: string, choice: boolean | ChecklistMark, send: () => Promise<{ stationProgress: StationProgressView | null; version: number }>) => {
    // One save at a time per item; the control keeps its focus meanwhile (disabling it would drop the keyboard's place).
    if (key in pending) return
    setPending((shown) => ({ ...shown, [key]: choice }))
    setError(null)
    try {
      const { stationProgress, version } = await send()
      if (stationProgress) onProgress(stationProgress, version)
    } catch (failure) {
      setError(errorMessage(failure, 'Could not save that. Please try again.'))
    } finally {
      setPending(({ [key]: _saved, ...rest }) => rest)
    }
  }
  const facts = factsToTell(session.selectedCase, session.stationProgress)
  const checklist = checklistByDomain(session.selectedCase, session.stationProgress, userId)
  const showFacts = session.role === 'patient' && facts.length > 0
  const showChecklist = session.role === 'observer' && checklist.length > 0
  if (!showFacts && !showChecklist) return null

  return (
    <Panel aria-labelledby="station-notes-heading">
      <h2 id="station-notes-heading">{showFacts ? 'Your facts: tick each one as you tell it' : "Examiner's checklist: mark as you watch"}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {showFacts && (
        <Opening>
          Start with: <q>{openingLineOf(session.selectedCase)}</q>
        </Opening>
      )}
      {showFacts && (
        <FactList>
          {facts.map((fact) => (
            <li key={fact.id}>
              <label>
                <input
                  type="checkbox"
                  checked={(pending[fact.id] as boolean | undefined) ?? fact.told}
                  disabled={!can.RevealFact}
                  aria-busy={fact.id in pending}
                  onChange={(event) => {
                    const told = event.target.checked
                    void note(fact.id, told, () => sessionsApi.revealFact(session.code, fact.id, told))
                  }}
                />
                <span>{fact.text}</span>
                {fact.reveal === 'IF_ASKED' && <Chip $tone="warning">Only if asked</Chip>}
                {fact.toldAt && <When>told {fact.toldAt}</When>}
              </label>
            </li>
          ))}
        </FactList>
      )}
      {showChecklist &&
        checklist.map((group) => (
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
                        name={`mark-${item.id}`}
                        checked={(pending[item.id] ?? item.mark) === mark}
                        disabled={!can.MarkChecklistItem}
                        onChange={() => void note(item.id, mark, () => sessionsApi.markChecklistItem(session.code, item.id, mark))}
                      />
                      {CHECKLIST_MARK_LABEL[mark]}
                    </label>
                  ))}
                </Marks>
              </Item>
            ))}
          </section>
        ))}
    </Panel>
  )
}

const Panel = styled.section`
  margin: 12px 0;
  padding: 12px 16px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.small};
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
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
