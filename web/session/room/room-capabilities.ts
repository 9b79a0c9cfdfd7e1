/**
 * Which of the session's controls the signed-in person may use in the room now: the server's own rule
 * (schemas/session/capabilities.ts) on what the room knows, so a button shows exactly where the server accepts it.
 */
import { capabilitiesOf, type Capabilities, type Standing } from '../../../schemas/session/capabilities.ts'
import { fromWireRole, type SessionDetails } from '../../../schemas/session-wire.ts'
import type { RoomSession } from './room-state.ts'

export function roomStanding(session: Pick<RoomSession, 'phase' | 'status' | 'role' | 'isHost' | 'topicChoice' | 'circuit'>, isAdmin: boolean): Standing {
  return {
    phase: session.phase,
    status: session.status,
    seat: session.role ? fromWireRole(session.role) : null,
    isHost: session.isHost,
    isAdmin,
    topicChoicePending: session.topicChoice !== null,
    inCircuit: session.circuit !== null,
  }
}

/** The same from a GET of the session, as the configure page holds it (a GET does not carry the topic choice). */
export function detailsCapabilities(details: Pick<SessionDetails, 'phase' | 'status' | 'userRole' | 'isHost' | 'circuit'>, isAdmin: boolean): Capabilities {
  const inCircuit = details.circuit !== null
  return capabilitiesOf({ phase: details.phase, status: details.status, seat: details.userRole, isHost: details.isHost, isAdmin, topicChoicePending: false, inCircuit })
}

export const roomCapabilities = (session: RoomSession, isAdmin: boolean): Capabilities => capabilitiesOf(roomStanding(session, isAdmin))
