import { createHmac } from 'node:crypto'
import type { RtcConfig } from '../../schemas/rtc.ts'
import type { RtcSettings } from '../config.ts'

/**
 * The TURN REST API scheme (draft-uberti-behave-turn-rest, what coturn checks with `use-auth-secret`): the
 * username is "<expiry in epoch seconds>:<user id>", the password base64(HMAC-SHA1(secret, username)). The TURN
 * server needs no database of users and refuses the pair once the expiry has passed.
 */
export function turnCredential(secret: string, userId: number, expiresAtSeconds: number) {
  const username = `${expiresAtSeconds}:${userId}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}

/** The ICE servers for one user now: STUN as configured, TURN with credentials of their own that expire. */
export function rtcConfigFor(settings: RtcSettings, userId: number, now: number): RtcConfig {
  const iceServers: RtcConfig['iceServers'] = []
  if (settings.stunUrls.length > 0) iceServers.push({ urls: settings.stunUrls })
  if (settings.turnUrls.length === 0 || settings.turnSecret === null) return { iceServers, expiresAt: null }
  const expiresAtSeconds = Math.floor(now / 1000) + settings.turnCredentialSeconds
  iceServers.push({ urls: settings.turnUrls, ...turnCredential(settings.turnSecret, userId, expiresAtSeconds) })
  return { iceServers, expiresAt: expiresAtSeconds * 1000 }
}
