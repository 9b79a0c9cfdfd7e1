/**
 * What the room says while a round waits for people (issue 29): whom the feedback phase still waits for, what the
 * scorers asked to happen next, and who the next round's clock waits for. The rules are next-round.ts's, read
 * here from the participants the server sends.
 */
import { combinedRequest, doctorFinished, notInRoom, scorersOf, stillScoring } from '../../../schemas/session/next-round.ts'
import { NEXT_SEAT } from '../../../schemas/session/seat-rotation.ts'
import { fromWireRole, type ParticipantView } from '../../../schemas/session-wire.ts'
import { roleLabel } from '../../../schemas/labels.ts'

const asRules = (participants: readonly ParticipantView[]) => participants.map((p) => ({ ...p, role: fromWireRole(p.role) }))

/** "Chen (observer)", the reader named "you". */
export function personText(person: Pick<ParticipantView, 'userId' | 'name' | 'role'>, userId: number): string {
  return person.userId === userId ? 'you' : `${person.name} (${roleLabel(person.role).toLowerCase()})`
}

/** "A", "A and B", "A, B and C". */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** The patients and observers who score this round. */
export function scorersIn(participants: readonly ParticipantView[]): ParticipantView[] {
  const scoring = new Set(scorersOf(asRules(participants)).map((p) => p.userId))
  return participants.filter((p) => scoring.has(p.userId))
}

/** The doctor has completed the session: no further case starts. */
export const doctorFinishedIn = (participants: readonly ParticipantView[]): boolean => doctorFinished(asRules(participants))

/** The patients and observers whose marks the round still waits for. */
export function stillScoringIn(participants: readonly ParticipantView[]): ParticipantView[] {
  const waiting = new Set(stillScoring(asRules(participants)).map((p) => p.userId))
  return participants.filter((p) => waiting.has(p.userId))
}

/** What happens once everyone has scored, as asked so far; null when nobody asked for another case. */
export function nextRoundText(participants: readonly ParticipantView[], userId: number): string | null {
  const request = combinedRequest(asRules(participants))
  const me = participants.find((p) => p.userId === userId)
  if (request === 'SEAT_ROTATION') {
    return `the seats rotate for the next case${me ? `: you will be the ${roleLabel(NEXT_SEAT[fromWireRole(me.role)]).toLowerCase()}` : ''}.`
  }
  if (request === 'ROLE_CHANGE') {
    const swapped = me?.role === 'patient' ? ': you will be the doctor' : me?.role === 'doctor' ? ': you will be the patient' : ''
    return `the patient and the doctor swap seats for the next case${swapped}.`
  }
  return request === 'NEW_CASE' ? 'the next case starts, with everyone in the same seat.' : null
}

/** Who the waiting round's clock waits for: everyone in a seat without the room open. */
export function notInRoomYet(participants: readonly ParticipantView[]): ParticipantView[] {
  const online = new Set(participants.filter((p) => p.isOnline).map((p) => p.userId))
  return notInRoom(participants, (id) => online.has(id))
}
