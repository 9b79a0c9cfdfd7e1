import * as v from 'valibot'
import { LiveMessageSchema, type LiveMessage } from '../../schemas/session-live.ts'

/**
 * The live channel's edge: a frame's body becomes a LiveMessage only if it has the shape the server renders
 * (schemas/session-wire.ts). Anything else is logged with its type and the reason, and ignored: the room must
 * keep working on a message it cannot read, and the next snapshot or update brings it back in step.
 */
export function readLiveMessage(body: string, warn: (...data: unknown[]) => void = console.warn): LiveMessage | null {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    warn('Ignored a live message: its body is not JSON', { type: null, reason: 'not JSON' })
    return null
  }
  const parsed = v.safeParse(LiveMessageSchema, json)
  if (parsed.success) return parsed.output
  const reason = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'message'}: ${issue.message}`).join('; ')
  warn(`Ignored a malformed live message (${typeOf(json) ?? 'no type'}): ${reason}`, { type: typeOf(json), reason })
  return null
}

function typeOf(json: unknown): string | null {
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined
  return typeof type === 'string' ? type : null
}
