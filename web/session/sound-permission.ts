import { useSyncExternalStore } from 'react'

/**
 * Browsers keep a page silent until the user has interacted with it, and a reload starts over: after one, the
 * room's sounds (sounds.ts) stay off until a click, which nobody would guess. This is whether that is so now, for
 * the notice that says so (SoundsBlockedNotice.tsx).
 */

let blocked = false
let listening = false
const listeners = new Set<() => void>()

export function setSoundBlocked(next: boolean) {
  if (next) listenForActivation()
  if (blocked === next) return
  blocked = next
  listeners.forEach((listener) => listener())
}

export function useSoundBlocked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => blocked,
  )
}

/** Asked when the room opens, before any sound is due: would the browser refuse one now? */
export async function checkSoundAllowed() {
  const refused = await soundRefusedNow()
  // A click while the answer was on its way has allowed sound since.
  setSoundBlocked(refused && !navigator.userActivation?.hasBeenActive)
}

async function soundRefusedNow(): Promise<boolean> {
  // Firefox answers the question itself; elsewhere a page the user has touched may play sound.
  const policy = (navigator as { getAutoplayPolicy?: (type: 'mediaelement') => string }).getAutoplayPolicy?.('mediaelement')
  if (policy !== undefined) return policy !== 'allowed'
  if (navigator.userActivation?.hasBeenActive) return false
  // Otherwise (Chromium may allow sound on a page reloaded after a click) the one way to know is to try, with an
  // element like the sounds' own playing a few milliseconds of silence.
  const url = URL.createObjectURL(new Blob([silentWav()], { type: 'audio/wav' }))
  try {
    await new Audio(url).play()
    return false
  } catch (failure) {
    return isRefusal(failure)
  } finally {
    URL.revokeObjectURL(url)
  }
}

export const isRefusal = (failure: unknown) => failure instanceof DOMException && failure.name === 'NotAllowedError'

/** 10 ms of silence as a WAV file: 8-bit mono at 8 kHz, every sample at the midpoint, 128. */
function silentWav(): Uint8Array<ArrayBuffer> {
  const samples = 80
  const bytes = new Uint8Array(44 + samples).fill(128, 44)
  const view = new DataView(bytes.buffer)
  const text = (offset: number, value: string) => [...value].forEach((char, index) => view.setUint8(offset + index, char.charCodeAt(0)))
  text(0, 'RIFF')
  view.setUint32(4, 36 + samples, true)
  text(8, 'WAVEfmt ')
  view.setUint32(16, 16, true) // the format chunk's size
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // one channel
  view.setUint32(24, 8000, true) // samples per second
  view.setUint32(28, 8000, true) // bytes per second
  view.setUint16(32, 1, true) // bytes per sample
  view.setUint16(34, 8, true) // bits per sample
  text(36, 'data')
  view.setUint32(40, samples, true)
  return bytes
}

/** The events by which a user activates a page (HTML's activation-triggering input events); Escape does not. */
const ACTIVATIONS = ['pointerdown', 'pointerup', 'keydown', 'touchend'] as const

function listenForActivation() {
  if (listening) return
  listening = true
  const allowed = () => {
    if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return
    ACTIVATIONS.forEach((type) => window.removeEventListener(type, allowed, true))
    listening = false
    setSoundBlocked(false)
  }
  ACTIVATIONS.forEach((type) => window.addEventListener(type, allowed, true))
}
