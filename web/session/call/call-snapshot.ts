import type { CallState } from '../../../schemas/rtc.ts'

/** What the call page reads of the call (CallController's snapshots, through useSyncExternalStore). */

export interface CallMember {
  userId: number
  role: string
}

export interface RemotePeer {
  userId: number
  stream: MediaStream | null
  state: CallState
  connection: RTCPeerConnectionState
}

export interface CallSnapshot {
  joined: boolean
  joining: boolean
  local: MediaStream | null
  audioOn: boolean
  cameraOn: boolean
  audioOnly: boolean
  /** The telephone station, as this page knows it (the case is a telephone consultation, or the doctor's switch): every camera stays off. */
  telephone: boolean
  peers: RemotePeer[]
  message: string | null
}

/** Before joining, and after leaving. */
export const IDLE: CallSnapshot = { joined: false, joining: false, local: null, audioOn: true, cameraOn: true, audioOnly: false, telephone: false, peers: [], message: null }

/** Whether this side sends its camera: switched on, not audio only, not the telephone station, and a camera there. */
export function sendsVideo({ cameraOn, audioOnly, telephone, local }: CallSnapshot): boolean {
  return cameraOn && !audioOnly && !telephone && Boolean(local?.getVideoTracks().length)
}

/** What this side tells the others of itself. */
export function myCallState(snapshot: CallSnapshot, telephoneSwitch: boolean): CallState {
  const { audioOn, audioOnly, local } = snapshot
  return { audio: audioOn && Boolean(local?.getAudioTracks().length), video: sendsVideo(snapshot), wantsVideo: !audioOnly, telephone: telephoneSwitch }
}
