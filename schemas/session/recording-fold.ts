import type { RecordingConsent, SessionEvent, SessionState } from './types.ts'

/** The consent to record a room (issue 34; the rules: recording-consent.ts) after an event; undefined: unchanged. */
export function consentAfter(state: SessionState, event: SessionEvent): RecordingConsent | null | undefined {
  const { recording } = state
  switch (event.type) {
    case 'RecordingAsked':
      return { askedBy: event.userId, consented: [event.userId] }
    case 'RecordingConsented':
      // Decided only while something is asked (recording-consent.ts).
      return recording ? { ...recording, consented: [...recording.consented, event.userId] } : undefined
    case 'RecordingStopped':
    case 'SessionEnded':
      return recording ? null : undefined
    // Someone who leaves takes their consent with them: back in the room, they are asked again.
    case 'ParticipantLeft':
      return recording?.consented.includes(event.userId) ? { ...recording, consented: recording.consented.filter((id) => id !== event.userId) } : undefined
    default:
      return undefined
  }
}
