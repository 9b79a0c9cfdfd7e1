import type { IncomingSignal } from '../../../schemas/rtc.ts'

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

  constructor(private readonly options: PeerLinkOptions) {
    this.pc = new RTCPeerConnection(options.configuration)
    this.pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true
        await this.pc.setLocalDescription()
        if (this.pc.localDescription) options.send({ kind: 'description', description: this.pc.localDescription.toJSON() })
      } catch (error) {
        console.warn('call: could not make an offer', error)
      } finally {
        this.makingOffer = false
      }
    }
    this.pc.onicecandidate = ({ candidate }) => options.send({ kind: 'candidate', candidate: candidate ? candidate.toJSON() : null })
    this.pc.ontrack = ({ track }) => {
      this.remote.addTrack(track)
      options.onRemoteStream(this.remote)
    }
    this.pc.onconnectionstatechange = () => {
      options.onConnection(this.pc.connectionState)
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
    this.pc.onnegotiationneeded = this.pc.onicecandidate = this.pc.ontrack = this.pc.onconnectionstatechange = null
    this.pc.close()
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
    if (description.type === 'offer') {
      await this.pc.setLocalDescription()
      if (this.pc.localDescription) this.options.send({ kind: 'description', description: this.pc.localDescription.toJSON() })
    }
  }
}
