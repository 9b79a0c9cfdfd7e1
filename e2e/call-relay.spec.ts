import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServerProcess } from '../test/helpers/server-process.ts'
import { callLaunchOptions, expectMediaFlowingIn, joinCall, watchPeerConnections } from './call-helpers.ts'
import { expect, newAccount, test } from './fixtures.ts'
import { startTurnServer } from './turn-server.ts'

test.use({ launchOptions: callLaunchOptions })

/**
 * The TURN credentials path against the real coturn: a server configured with TURN_URLS and TURN_SECRET, two
 * browsers that may only use relay candidates (iceTransportPolicy 'relay'). Media flows only if coturn accepted
 * the credentials GET /api/rtc/config derived from the shared secret.
 */
test('two participants talk through coturn with the credentials of GET /api/rtc/config, relay candidates only', async ({ browser }, testInfo) => {
  test.setTimeout(180_000) // its own server starts on a new embedded database, slow beside call.spec.ts's browsers
  const turn = await startTurnServer()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'plab-relay-'))
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(30).toString('base64url'),
    SEED_DEMO: 'false',
    RATE_LIMITS: 'off',
    TURN_URLS: turn.url,
    TURN_SECRET: turn.secret,
  }, 'built')
  const api = async (url: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}/api${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    expect(response.ok, `${url}: ${response.status}`).toBe(true)
    return response.json()
  }
  try {
    const [doctor, patient] = await Promise.all(
      ['doctor', 'patient'].map(async (label) => {
        const account = newAccount(label)
        await api('/auth/register', null, account)
        return api('/auth/login', null, { email: account.email, password: account.password }) as Promise<{ token: string; user: unknown }>
      }),
    )
    const { sessionCode } = await api('/sessions', doctor.token, { title: 'Relay', selectedTopics: ['Random'] })
    await api(`/sessions/${sessionCode}/join-with-role`, patient.token, { role: 'patient' })

    const pages = []
    for (const auth of [doctor, patient]) {
      const context = await browser.newContext({ baseURL: server.baseUrl })
      await watchPeerConnections(context, true)
      const page = await context.newPage()
      await page.goto('/login')
      await page.evaluate(({ token, user }) => {
        localStorage.setItem('token', token)
        localStorage.setItem('user', JSON.stringify(user))
      }, auth)
      await page.goto(`/session/${sessionCode}/room`)
      pages.push(page)
    }
    await joinCall(pages)
    for (const page of pages) {
      await expectMediaFlowingIn(page, 1)
      // The local end of each connected link's selected pair, as its transport reports it (selectedCandidatePairId),
      // polled until the stats show it: a single read of the pair flagged `nominated` once found none in CI while
      // the media already flowed.
      const selectedLocalCandidates = () =>
        page.evaluate(async () => {
          const connected = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections.filter((pc) => pc.connectionState === 'connected')
          return Promise.all(
            connected.map(async (pc) => {
              const stats = [...(await pc.getStats()).values()]
              const transport = stats.find((report) => report.type === 'transport' && report.selectedCandidatePairId)
              const pair = stats.find((report) => report.id === transport?.selectedCandidatePairId)
              const local = stats.find((report) => report.id === pair?.localCandidateId)
              return local ? { candidateType: local.candidateType, address: local.address } : null
            }),
          )
        })
      await expect.poll(selectedLocalCandidates, { message: 'the one connection runs through the relay' }).toEqual([{ candidateType: 'relay', address: '127.0.0.1' }])
    }
    await Promise.all(pages.map((page) => page.context().close()))
  } catch (error) {
    // What coturn logged (allocations, refused credentials) is where a relay failure shows.
    await testInfo.attach('turnserver.log', { body: turn.output(), contentType: 'text/plain' })
    await testInfo.attach('server.log', { body: server.output(), contentType: 'text/plain' })
    throw error
  } finally {
    await server.stop()
    await turn.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
