import type { RoundNotes } from '../../../schemas/debrief.ts'
import type { SessionEvent } from '../../../schemas/session/types.ts'
import type { Station } from '../../../schemas/station/station.ts'
import type { Db } from '../../db/connect.ts'
import { readStream } from '../store/event-store.ts'

type Note = Extract<SessionEvent, { type: 'ChecklistItemMarked' | 'FactRevealed' }>

/**
 * The notes of one round of a station, for its doctor's debrief (issue 32): every mark and every told fact at
 * its second of the consultation, in the order made; each examiner's final mark per checklist item, side by side;
 * which facts were told. Read from the log, where every note is kept; the live state keeps only the current round.
 */
export async function roundNotes(db: Db, sessionId: number, round: number, caseId: number, station: Station): Promise<RoundNotes> {
  const notes = (await readStream(db, sessionId))
    .map((stored) => ({ type: stored.type, ...(stored.payload as object) }) as SessionEvent)
    .filter((event): event is Note => (event.type === 'ChecklistItemMarked' || event.type === 'FactRevealed') && event.round === round && event.caseId === caseId)
  const names = new Map((await db.selectFrom('session_participants').select(['user_id', 'name']).where('session_id', '=', sessionId).execute()).map((row) => [row.user_id, row.name]))
  const nameOf = (userId: number) => names.get(userId) ?? 'A participant'
  const items = new Map(station.checklist.map((item) => [item.id, item]))
  const facts = new Map(station.patient.facts.map((fact) => [fact.id, fact]))

  const finalMarks = new Map<string, Map<number, { mark: Extract<Note, { type: 'ChecklistItemMarked' }>['mark']; second: number | null }>>()
  const told = new Map<string, number | null>()
  const timeline: RoundNotes['timeline'] = []
  for (const note of notes) {
    if (note.type === 'ChecklistItemMarked') {
      const item = items.get(note.itemId)
      if (!item) continue
      finalMarks.set(note.itemId, (finalMarks.get(note.itemId) ?? new Map()).set(note.userId, { mark: note.mark, second: note.second }))
      timeline.push({ second: note.second, kind: 'MARK', by: nameOf(note.userId), text: item.item, domain: item.domain, mark: note.mark })
    } else {
      const fact = facts.get(note.factId)
      if (!fact) continue
      if (note.revealed) told.set(note.factId, note.second)
      else told.delete(note.factId)
      timeline.push({ second: note.second, kind: note.revealed ? 'FACT' : 'FACT_WITHDRAWN', by: nameOf(note.userId), text: fact.text, domain: null, mark: null })
    }
  }
  return {
    checklist: station.checklist.map((item) => ({
      ...item,
      marks: [...(finalMarks.get(item.id) ?? new Map()).entries()].map(([userId, mark]) => ({ userId, by: nameOf(userId), ...mark })),
    })),
    facts: station.patient.facts.map((fact) => ({ ...fact, toldAt: told.has(fact.id) ? (told.get(fact.id) ?? null) : null, told: told.has(fact.id) })),
    timeline,
  }
}
