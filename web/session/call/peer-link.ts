import type { IncomingSignal } from '../../../schemas/rtc.ts'

/** How long a negotiated link may take to connect before it is started over. */
const CONNECT_WITHIN_MS = 8000

/** What a link sends to its peer: a description or a candidate (the call adds the addressing). */
export type LinkSignal = { kind: 'description'; description: RTCSessionDescriptionInit } | { kind: 'candidate'; candidate: RTCIceCandidateInit | null }

export interface PeerLinkOptions {
  /** Decided by user id, so the two ends always disagree: the polite one yields when both offer at once. */
  polite: boolean
  configuration: RTCConfiguration
  send(signal: LinkSignal): void
  onRemoteStream(stream: MediaStream): void
  /** Connected, connecting again, or failed (then an ICE restart is under way). */
  onConnection(state: RTCPeerConnectionState): void
  /** Negotiated but still not connected after CONNECT_WITHIN_MS: the call starts this link over. */
  onStuck(): void
  /** Fresh ICE servers before an ICE restart (TURN credentials expire). */
  refreshConfiguration(): Promise<RTCConfiguration>
}

/**
 * One browser-to-browser connection of the call's mesh, negotiated with the "perfect negotiation" pattern (W3C
 * WebRTC 1.0, section 10.7): both ends add their tracks and offer when negotiation is needed; on a collision the
 * impolite end ignores the other's offer and the polite one rolls back. Signals are handled one at a time, in
 * the order they came. A failed connection restarts ICE without anyone reloading.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection
  private makingOffer = false
  private ignoreOffer = false
  private queue = Promise.resolve()
  private readonly remote = new MediaStream()
  private watchdog: ReturnType<typeof setTimeout> | undefined
  /** Candidates gathered while the description they belong to is still being set: sent right after it. */
  private heldCandidates: LinkSignal[] | null = null
  private describing = 0

  constructor(private readonly options: PeerLinkOptions) {
    this.pc = new RTCPeerConnection(options.configuration)
    this.pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true
        await this.describe()
      } catch (error) {
        console.warn('call: could not make an offer', error)
      } finally {
        this.makingOffer = false
      }
    }
    this.pc.onicecandidate = ({ candidate }) => {
      const signal: LinkSignal = { kind: 'candidate', candidate: candidate ? candidate.toJSON() : null }
      if (this.heldCandidates) this.heldCandidates.push(signal)
      else options.send(signal)
    }
    this.pc.ontrack = ({ track }) => {
      this.remote.addTrack(track)
      options.onRemoteStream(this.remote)
    }
    this.pc.onconnectionstatechange = () => {
      options.onConnection(this.pc.connectionState)
      if (this.pc.connectionState === 'connected') clearTimeout(this.watchdog)
      if (this.pc.connectionState === 'failed') void this.restartIce()
    }
  }

  /** Sends `track` on this link in place of what its sender of that kind sends now (null: nothing, no bytes). */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null, stream: MediaStream) {
    const transceiver = this.pc.getTransceivers().find((t) => t.receiver.track.kind === kind && t.currentDirection !== 'stopped')
    if (!transceiver) {
      if (track) this.pc.addTrack(track, stream)
      return
    }
    if (track && transceiver.direction !== 'sendrecv') {
      // Created by the peer's offer as receive-only: sending now needs one more negotiation, which follows by itself.
      transceiver.direction = 'sendrecv'
      transceiver.sender.setStreams(stream)
    }
    await transceiver.sender.replaceTrack(track)
  }

  handle(signal: Extract<IncomingSignal, { kind: 'description' | 'candidate' }>) {
    this.queue = this.queue.then(() => this.apply(signal)).catch((error) => console.warn('call: a signal could not be applied', error))
  }

  async restartIce() {
    this.pc.setConfiguration(await this.options.refreshConfiguration())
    this.pc.restartIce()
  }

  close() {
    clearTimeout(this.watchdog)
    this.pc.onnegotiationneeded = this.pc.onicecandidate = this.pc.ontrack = this.pc.onconnectionstatechange = null
    this.pc.close()
  }

  /**
   * A negotiated link that never connects (seen in Chromium under load: both ends stable, one end's gathering
   * stalled, so ICE stays "new" and never reaches "failed") is started over by the call, both ends.
   */
  private watch() {
    clearTimeout(this.watchdog)
    this.watchdog = setTimeout(() => {
      if (this.pc.connectionState === 'new' || this.pc.connectionState === 'connecting') this.options.onStuck()
    }, CONNECT_WITHIN_MS)
  }

  private async apply(signal: Extract<IncomingSignal, { kind: 'description' | 'candidate' }>) {
    if (this.pc.signalingState === 'closed') return
    if (signal.kind === 'candidate') {
      try {
        await this.pc.addIceCandidate(signal.candidate ?? undefined)
      } catch (error) {
        // Candidates of an offer this end ignored fail here, as they should.
        if (!this.ignoreOffer) throw error
      }
      return
    }
    const { description } = signal
    const collision = description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable')
    this.ignoreOffer = !this.options.polite && collision
    if (this.ignoreOffer) return
    await this.pc.setRemoteDescription(description)
    this.watch()
    if (description.type === 'offer') await this.describe()
  }

  /**
   * Sets and sends this end's description. Chromium may fire icecandidate before setLocalDescription's promise
   * settles (seen under load): a candidate sent ahead of its description is refused by the other end and lost,
   * and the link stays "new" for good. So candidates wait for the description.
   */
  private async describe() {
    // An offer being made and an answer to the other end's offer can overlap: the last of them sends what was held.
    this.describing += 1
    this.heldCandidates ??= []
    try {
      await this.pc.setLocalDescription()
      if (this.pc.localDescription) this.options.send({ kind: 'description', description: this.pc.localDescription.toJSON() })
    } finally {
      this.describing -= 1
      if (this.describing === 0) {
        const held = this.heldCandidates
        this.heldCandidates = null
        for (const signal of held) this.options.send(signal)
      }
    }
  }
}
