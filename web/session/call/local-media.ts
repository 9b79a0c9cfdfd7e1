/** The user's microphone and camera, and the words for every way of not getting them. */

export type MediaChoice = { audioDeviceId?: string; videoDeviceId?: string; video: boolean }

export interface LocalMedia {
  stream: MediaStream
  /** Why part of what was asked is missing (the call goes on with the rest), else null. */
  warning: string | null
}

export const NO_WEBRTC = 'This browser cannot make calls (no WebRTC). The session goes on: use a phone or another browser for the call.'

export const webRtcAvailable = () => typeof RTCPeerConnection !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia)

const constraint = (deviceId: string | undefined) => (deviceId ? { deviceId: { exact: deviceId } } : true)

/** The browser's refusal in words a participant can act on. */
export function mediaErrorMessage(error: unknown, what: string): string {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return `You did not allow the ${what}. The session goes on; allow it in your browser's site settings, then join the call again.`
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return `No ${what} was found. The session goes on; connect one and join the call again.`
  if (name === 'NotReadableError') return `Your ${what} is in use by another program. Close it, then join the call again.`
  return `Could not start your ${what}. The session goes on without it.`
}

/**
 * Asks for the microphone and, unless audio only, the camera. A missing or refused camera leaves the microphone
 * (with a warning); a missing or refused microphone leaves the camera; with neither, the participant still hears
 * and sees the others (an empty stream and the reason).
 */
export async function openLocalMedia(choice: MediaChoice): Promise<LocalMedia> {
  const audio = constraint(choice.audioDeviceId)
  const video = choice.video ? constraint(choice.videoDeviceId) : false
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio, video }), warning: null }
  } catch (both) {
    if (!video) return { stream: new MediaStream(), warning: mediaErrorMessage(both, 'microphone') }
    const fallbacks: Array<[MediaStreamConstraints, string]> = [
      [{ audio }, 'camera'],
      [{ video }, 'microphone'],
    ]
    for (const [constraints, missing] of fallbacks) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia(constraints)
        return { stream, warning: mediaErrorMessage(both, missing) }
      } catch {
        // Next: the other half alone.
      }
    }
    return { stream: new MediaStream(), warning: mediaErrorMessage(both, 'microphone and camera') }
  }
}

/** One new track of a kind from a chosen device (the device picker). */
export async function openDevice(kind: 'audio' | 'video', deviceId: string): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia({ [kind]: { deviceId: { exact: deviceId } } })
  return stream.getTracks()[0]
}

export async function listDevices(): Promise<{ microphones: MediaDeviceInfo[]; cameras: MediaDeviceInfo[] }> {
  const devices = await navigator.mediaDevices.enumerateDevices()
  return { microphones: devices.filter((d) => d.kind === 'audioinput'), cameras: devices.filter((d) => d.kind === 'videoinput') }
}
