/**
 * Seat rotation (issue 16), beside the spec's swap of patient and doctor: in a room of three, every seat moves
 * on for the next case (doctor -> observer, patient -> doctor, observer -> patient), so three rounds give
 * everyone each seat. The server decides the rotation with these rules; the room previews it with the same ones.
 */
import type { SessionRole } from './types.ts'

export const NEXT_SEAT: Readonly<Record<SessionRole, SessionRole>> = { DOCTOR: 'OBSERVER', PATIENT: 'DOCTOR', OBSERVER: 'PATIENT' }

const SEATS: readonly SessionRole[] = ['DOCTOR', 'PATIENT', 'OBSERVER']

export const ROTATION_NEEDS_THREE = 'Seats can rotate only with three in the room: one doctor, one patient and one observer'
export const SWAP_OR_ROTATE = 'Choose requestRoleChange (the patient and doctor swap) or requestSeatRotation (every seat moves on), not both'

/**
 * Whether the seats can rotate among these people (those in the room now): exactly three, one in each seat. With
 * a second observer there is no single seat for the patient's to go to, so rotation is not offered then.
 */
export function seatsRotatable(roles: readonly SessionRole[]): boolean {
  return roles.length === SEATS.length && SEATS.every((seat) => roles.includes(seat))
}

/** Who sits where after the rotation: each person with the seat they move to. */
export function rotatedSeats<T extends { role: SessionRole }>(seated: readonly T[]): Array<T & { role: SessionRole }> {
  return seated.map((person) => ({ ...person, role: NEXT_SEAT[person.role] }))
}
