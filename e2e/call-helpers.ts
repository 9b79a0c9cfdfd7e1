import type { BrowserContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * Chromium's fake camera and microphone (a test pattern and a beep), granted without a prompt. Host candidates
 * are given as addresses, not mDNS names: this machine has no mDNS responder, and gathering then stalled now and
 * then (a link stuck in "gathering", never connecting).
 */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--disable-features=WebRtcHideLocalIpsWithMdns']

/** playwright.config.ts's launch options, plus the fake media devices (a test's launchOptions replace the config's). */
export const callLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...FAKE_MEDIA_ARGS],
}

/**
 * Keeps every RTCPeerConnection a page makes, so a test can read its getStats(); with `relayOnly`, every one
 * is made with iceTransportPolicy 'relay' (only TURN relay candidates), as a browser behind a strict firewall.
 */
export async function watchPeerConnections(context: BrowserContext, relayOnly = false) {
  await context.addInitScript((relay: boolean) => {
    const Native = window.RTCPeerConnection
    const all: RTCPeerConnection[] = []
    const warnings: string[] = []
    Object.assign(window, { peerConnections: all, callWarnings: warnings })
    const warn = console.warn.bind(console)
    console.warn = (...args: unknown[]) => {
      warnings.push(args.map(String).join(' '))
      warn(...args)
    }
    const policy = (config?: RTCConfiguration): RTCConfiguration | undefined => (relay ? { ...config, iceTransportPolicy: 'relay' } : config)
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(policy(config))
        all.push(this)
      }
      override setConfiguration(config?: RTCConfiguration) {
        super.setConfiguration(policy(config))
      }
    } as typeof RTCPeerConnection
  }, relayOnly)
}

interface Bytes {
  audio: number
  video: number
}

/** Bytes per kind, received (inbound-rtp) or sent (outbound-rtp), for each open peer connection of the page. */
export function mediaBytes(page: Page, direction: 'inbound' | 'outbound'): Promise<Bytes[]> {
  return page.evaluate(async (direction) => {
    const open = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.filter((pc) => pc.connectionState !== 'closed')
    return Promise.all(
      open.map(async (pc) => {
        const bytes = { audio: 0, video: 0 }
        ;(await pc.getStats()).forEach((report) => {
          if (report.type !== `${direction}-rtp`) return
          bytes[report.kind as 'audio' | 'video'] += direction === 'inbound' ? report.bytesReceived : report.bytesSent
        })
        return bytes
      }),
    )
  }, direction)
}

/** Each of the page's `peers` connections receives audio and video, and keeps receiving them. */
export async function expectMediaFlowingIn(page: Page, peers: number, kinds: Array<keyof Bytes> = ['audio', 'video']) {
  const first = await pollUntil(page, (bytes) => bytes.length === peers && bytes.every((b) => kinds.every((kind) => b[kind] > 0)))
  await pollUntil(page, (bytes) => bytes.length === peers && bytes.every((b, i) => kinds.every((kind) => b[kind] > first[i][kind])))
}

async function pollUntil(page: Page, done: (bytes: Bytes[]) => boolean): Promise<Bytes[]> {
  let last: Bytes[] = []
  try {
    await expect.poll(async () => done((last = await mediaBytes(page, 'inbound'))), { timeout: 30_000 }).toBe(true)
  } catch (error) {
    const states = await page.evaluate(() => {
      const { peerConnections, callWarnings } = window as unknown as { peerConnections: RTCPeerConnection[]; callWarnings: string[] }
      const links = peerConnections.map((pc) => ({
        connection: pc.connectionState,
        signaling: pc.signalingState,
        transceivers: pc.getTransceivers().map((t) => `${t.receiver.track.kind} ${t.mid} ${t.direction}/${t.currentDirection} ${t.sender.track ? 'sending' : 'no track'}`),
      }))
      return { links, callWarnings }
    })
    throw new Error(`inbound media bytes of ${await page.locator('[data-call-tile="local"]').getAttribute('aria-label')} per peer connection: ${JSON.stringify(last)}; ${JSON.stringify(states)}`, { cause: error })
  }
  return last
}

/** Everyone joins the call from the room, then each waits for the tiles of the others. */
export async function joinCall(pages: Page[]) {
  for (const page of pages) await page.getByRole('button', { name: 'Join call' }).click()
  for (const page of pages) await expectRemoteTiles(page, pages.length - 1)
}

export async function expectRemoteTiles(page: Page, count: number) {
  await expect(page.locator('[data-call-tile="remote"]')).toHaveCount(count, { timeout: 20_000 })
}
