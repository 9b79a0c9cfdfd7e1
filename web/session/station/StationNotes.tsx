import { useId, useState } from 'react'
import type { ChecklistMark } from '../../../schemas/session/types.ts'
import type { StationProgressView } from '../../../schemas/session-wire.ts'
import { sessionsApi } from '../../api/sessions.ts'
import { errorMessage } from '../../api/client.ts'
import { Alert } from '../../components/Alert.tsx'
import type { Capabilities } from '../../../schemas/session/capabilities.ts'
import type { HeadingLevel } from '../PhaseHeading.tsx'
import type { RoomSession } from '../room/room-state.ts'
import { checklistByDomain, factsToTell, openingLineOf } from './station-notes.ts'
import { ExaminerChecklist, FactsToTell, NotesPanel } from './StationLists.tsx'

interface Props {
  session: RoomSession
  userId: number
  can: Capabilities
  /** The round's notes the server answered with (and their version), for the room to show before its live echo arrives. */
  onProgress: (progress: StationProgressView, version: number) => void
  /** 2 in the room; lower where the notes are drawn inside another section. */
  headingLevel?: HeadingLevel
}

/**
 * A station's notes in the room (issue 32): the patient's script as facts to tick as they are told, the
 * examiner's checklist to mark as they watch. Each tick is stored at once with the consultation's clock; the
 * doctor's room never has either (the server sends them neither).
 */
export function StationNotes({ session, userId, can, onProgress, headingLevel = 2 }: Props) {
  const headingId = useId()
  const Heading = `h${headingLevel}` as const
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
    <NotesPanel aria-labelledby={headingId}>
      <Heading id={headingId}>{showFacts ? 'Your facts: tick each one as you tell it' : "Examiner's checklist: mark as you watch"}</Heading>
      {error && <Alert tone="error">{error}</Alert>}
      {showFacts && (
        <FactsToTell
          openingLine={openingLineOf(session.selectedCase)}
          facts={facts}
          shownTold={(fact) => (pending[fact.id] as boolean | undefined) ?? fact.told}
          isSaving={(fact) => fact.id in pending}
          onTell={can.RevealFact ? (fact, told) => void note(fact.id, told, () => sessionsApi.revealFact(session.code, fact.id, told)) : undefined}
        />
      )}
      {showChecklist && (
        <ExaminerChecklist
          groups={checklist}
          shownMark={(item) => (pending[item.id] as ChecklistMark | undefined) ?? item.mark}
          onMark={can.MarkChecklistItem ? (item, mark) => void note(item.id, mark, () => sessionsApi.markChecklistItem(session.code, item.id, mark)) : undefined}
        />
      )}
    </NotesPanel>
  )
}
