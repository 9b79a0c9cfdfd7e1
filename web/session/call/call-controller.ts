import { rtcContracts } from '../../../schemas/api/rtc.ts'
import type { CallState, IncomingSignal } from '../../../schemas/rtc.ts'
import { seatOf } from '../../../schemas/labels.ts'
import { call, errorMessage } from '../../api/client.ts'
import { openDevice, openLocalMedia, NO_WEBRTC, webRtcAvailable, mediaErrorMessage } from './local-media.ts'
import { PeerLink, type LinkSignal } from './peer-link.ts'
import { connectSignalling, type Signalling } from './signalling.ts'
import { IDLE, myCallState, sendsVideo, type CallMember, type CallSnapshot, type RemotePeer } from './call-snapshot.ts'
import { forgetCall, rememberCall, rememberedCall } from './call-memory.ts'
import { audioContext } from './speaking.ts'

interface Peer extends RemotePeer {
  link: PeerLink
  /** The remote page's call id: a new one means it reloaded. */
  peer: string
}

/**
 * One participant's side of the call: local media, a PeerLink to each other participant in the call (a full
 * mesh of three), and the signalling that introduces them. The page reads snapshots (useSyncExternalStore).
 */
export class CallController {
  private snapshot: CallSnapshot = IDLE
  private readonly listeners = new Set<() => void>()
  private readonly peers = new Map<number, Peer>()
  private readonly myPeer = crypto.randomUUID()
  private members: CallMember[] = []
  private signalling: Signalling | null = null
  private configuration: RTCConfiguration = {}
  private myTelephone = false
  /** The case is a telephone consultation: every page knows its case, so the station runs without anyone's switch. */
  private caseTelephone = false
  /** Counts leavings: a join still waiting for the devices when the call is left gives them back. */
  private generation = 0

  constructor(private readonly code: string, private readonly me: number, private readonly token: () => string | null) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = () => this.snapshot

  /** Whether this page was in the call before a reload. */
  wasInCall = () => rememberedCall(this.code) !== null

  setMembers(members: CallMember[]) {
    this.members = members
    for (const userId of this.peers.keys()) if (!members.some((m) => m.userId === userId)) this.drop(userId)
    this.applyMedia()
  }

  async join(options: { audioOnly: boolean }) {
    if (this.snapshot.joined || this.snapshot.joining) return
    if (!webRtcAvailable()) return this.update({ message: NO_WEBRTC })
    audioContext()
    const myRole = this.members.find((m) => m.userId === this.me)?.role
    this.update({ joining: true, message: null, audioOnly: options.audioOnly, cameraOn: seatOf(myRole) !== 'OBSERVER' })
    const generation = this.generation
    const [media, message] = await Promise.all([openLocalMedia({ video: !options.audioOnly }), this.refreshConfiguration().then(() => null, (e) => errorMessage(e, 'Could not read the call settings'))])
    if (generation !== this.generation) return media.stream.getTracks().forEach((track) => track.stop())
    rememberCall(this.code, options)
    this.update({ joining: false, joined: true, local: media.stream, message: media.warning ?? message })
    this.signalling = connectSignalling(this.code, this.token, {
      onSignal: (signal) => this.heard(signal),
      onReady: () => this.others().forEach((userId) => this.send(userId, { kind: 'hello', state: this.myState() })),
      onRefused: (reason) => console.warn('call: a signal was refused:', reason),
    })
    this.applyMedia()
  }

  /** Rejoins after a reload, as the page was (audio only or not). */
  rejoin() {
    const saved = rememberedCall(this.code)
    if (saved) void this.join(saved)
  }

  /** Ends this side of the call; `forget`: the user left it (a page that reloads does not join again). */
  leave(forget: boolean) {
    this.generation += 1
    for (const userId of this.peers.keys()) {
      this.send(userId, { kind: 'bye' })
      this.drop(userId)
    }
    this.signalling?.close()
    this.signalling = null
    this.snapshot.local?.getTracks().forEach((track) => track.stop())
    if (forget) forgetCall(this.code)
    this.update({ ...IDLE })
  }

  toggleAudio = () => this.changeMedia({ audioOn: !this.snapshot.audioOn })
  toggleCamera = () => this.changeMedia({ cameraOn: !this.snapshot.cameraOn })

  setTelephone(on: boolean) {
    this.myTelephone = on
    this.changeMedia({})
  }

  setCaseTelephone(on: boolean) {
    if (on === this.caseTelephone) return
    this.caseTelephone = on
    this.changeMedia({})
  }

  async setAudioOnly(audioOnly: boolean) {
    const local = this.snapshot.local
    if (!local) return
    if (audioOnly) {
      for (const track of local.getVideoTracks()) {
        track.stop()
        local.removeTrack(track)
      }
    } else {
      const { stream, warning } = await openLocalMedia({ video: true })
      stream.getAudioTracks().forEach((track) => track.stop())
      if (warning) return this.update({ message: warning })
      stream.getVideoTracks().forEach((track) => local.addTrack(track))
    }
    rememberCall(this.code, { audioOnly })
    this.changeMedia({ audioOnly, local: new MediaStream(local.getTracks()) })
  }

  async chooseDevice(kind: 'audio' | 'video', deviceId: string) {
    const local = this.snapshot.local
    if (!local) return
    try {
      const track = await openDevice(kind, deviceId)
      for (const old of kind === 'audio' ? local.getAudioTracks() : local.getVideoTracks()) {
        old.stop()
        local.removeTrack(old)
      }
      local.addTrack(track)
      this.changeMedia({ local: new MediaStream(local.getTracks()) })
    } catch (error) {
      this.update({ message: mediaErrorMessage(error, kind === 'audio' ? 'microphone' : 'camera') })
    }
  }

  private others = () => this.members.map((m) => m.userId).filter((userId) => userId !== this.me)

  private myState = (): CallState => myCallState(this.snapshot, this.myTelephone)

  private changeMedia(change: Partial<CallSnapshot>) {
    this.update(change)
    this.applyMedia()
    for (const userId of this.peers.keys()) this.send(userId, { kind: 'state', state: this.myState() })
  }

  /** Every link sends what the switches allow: a muted microphone or a camera off sends nothing at all. */
  private applyMedia() {
    const doctor = this.members.find((m) => seatOf(m.role) === 'DOCTOR')
    const doctorSwitch = doctor?.userId === this.me ? this.myTelephone : Boolean(doctor && this.peers.get(doctor.userId)?.state.telephone)
    const telephone = this.caseTelephone || doctorSwitch
    if (telephone !== this.snapshot.telephone) this.update({ telephone })
    const local = this.snapshot.local
    if (!local) return
    const audio = this.snapshot.audioOn ? (local.getAudioTracks()[0] ?? null) : null
    const video = sendsVideo(this.snapshot) ? (local.getVideoTracks()[0] ?? null) : null
    local.getVideoTracks().forEach((track) => (track.enabled = video !== null))
    for (const { link, state } of this.peers.values()) {
      void link.setTrack('audio', audio, local)
      void link.setTrack('video', state.wantsVideo ? video : null, local)
    }
  }

  private heard(signal: IncomingSignal) {
    const from = signal.from
    if (!this.others().includes(from)) return
    const known = this.peers.get(from)
    const current = known?.peer === signal.peer ? known : null
    if (signal.kind === 'hello') {
      if (!current || signal.restart) {
        this.drop(from)
        this.peers.set(from, this.newPeer(from, signal.peer, signal.state))
        this.send(from, { kind: 'hello', state: this.myState() })
      } else current.state = signal.state
      this.peersChanged()
      this.applyMedia()
    } else if (!current) {
      return
    } else if (signal.kind === 'state') {
      current.state = signal.state
      this.peersChanged()
      this.applyMedia()
    } else if (signal.kind === 'bye') {
      this.drop(from)
    } else {
      current.link.handle(signal)
    }
  }

  private newPeer(userId: number, peer: string, state: CallState): Peer {
    const entry: Peer = {
      userId,
      peer,
      state,
      stream: null,
      connection: 'new',
      link: new PeerLink({
        polite: this.me < userId,
        configuration: this.configuration,
        send: (signal: LinkSignal) => this.send(userId, signal),
        onRemoteStream: (stream) => {
          entry.stream = new MediaStream(stream.getTracks())
          this.peersChanged()
        },
        onConnection: (connection) => {
          entry.connection = connection
          this.peersChanged()
        },
        onStuck: () => {
          this.drop(userId)
          this.send(userId, { kind: 'hello', state: this.myState(), restart: true })
        },
        refreshConfiguration: () => this.refreshConfiguration().then(() => this.configuration, () => this.configuration),
      }),
    }
    return entry
  }

  private drop(userId: number) {
    this.peers.get(userId)?.link.close()
    if (this.peers.delete(userId)) this.peersChanged()
  }

  private send(to: number, signal: LinkSignal | { kind: 'hello' | 'state'; state: CallState; restart?: boolean } | { kind: 'bye' }) {
    this.signalling?.send({ ...signal, to, peer: this.myPeer } as Parameters<Signalling['send']>[0])
  }

  private async refreshConfiguration() {
    const config = await call(rtcContracts.config, { query: { session: this.code } })
    this.configuration = { iceServers: config.iceServers }
  }

  private peersChanged() {
    this.update({ peers: [...this.peers.values()].map(({ userId, stream, state, connection }) => ({ userId, stream, state, connection })) })
  }

  private update(change: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change }
    for (const listener of this.listeners) listener()
  }
}
