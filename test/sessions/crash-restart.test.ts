import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts'

// The embedded database is where a crash could lose writes (PostgreSQL's own durability is not ours to test):
// the server is killed with SIGKILL mid-session and restarted on the same data folder.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plab-crash-'))
const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', RATE_LIMITS: 'off', JWT_SECRET: 'crash-test-secret-crash-test-secret-123' }
let server: ServerProcess
t.teardown(() => server?.stop())

async function api(method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

const signIn = async (email: string) => (await api('POST', '/auth/login', undefined, { email, password: 'demo-pass' })).json.token as string

/** Scores every criterion and sub-criterion of the case the patient sees. */
function fullScores(criteria: Array<{ id: string; name: string; subCriteria: Array<{ id: string; name: string }> }>) {
  return criteria.map((c) => ({
    criterionId: c.id,
    criterionName: c.name,
    score: c.subCriteria.length ? null : 3,
    subScores: c.subCriteria.map((s) => ({ subCriterionId: s.id, subCriterionName: s.name, score: 2 })),
  }))
}

// The server under test always runs on its own embedded database, so the pass with DATABASE_URL need not repeat it.
const onceOnly = process.env.DATABASE_URL ? 'run in the pass without DATABASE_URL' : false

t.test('a server killed mid-reading comes back with the same phase and deadline, and the deadline still fires', { skip: onceOnly }, async (t) => {
  server = await startServerProcess(env)
  const [doctor, patient, observer] = [await signIn('amara@demo.local'), await signIn('bilal@demo.local'), await signIn('chen@demo.local')]
  const { sessionCode: code } = (await api('POST', '/sessions', doctor, { title: 'Crash drill' })).json
  await api('POST', `/sessions/${code}/configure`, doctor, { sessionType: 'TOPIC', selectedTopics: ['Random'], readingTime: 1, consultationTime: 8, timingType: 'COUNTDOWN' })
  await api('POST', `/sessions/${code}/join-with-role`, patient, { role: 'patient' })
  await api('POST', `/sessions/${code}/join-with-role`, observer, { role: 'observer' })
  t.equal((await api('POST', `/sessions/${code}/start`, doctor)).status, 200)
  const before = (await api('GET', `/sessions/${code}`, patient)).json
  t.equal(before.phase, 'READING')

  await server.crash()
  server = await startServerProcess(env)
  const after = (await api('GET', `/sessions/${code}`, patient)).json
  t.same(
    [after.phase, after.timerStartTimestamp, after.currentRound, after.selectedCase.id],
    [before.phase, before.timerStartTimestamp, before.currentRound, before.selectedCase.id],
    'same phase, same deadline (start + duration), same case',
  )

  // Nobody touches the session: the re-armed reading deadline (1 minute after the start) moves it on by itself.
  const deadline = before.timerStartTimestamp + 60_000
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 1500))
  const consulting = (await api('GET', `/sessions/${code}`, patient)).json
  t.equal(consulting.phase, 'CONSULTATION', 'the reading deadline fired after the restart')
  t.ok(consulting.timerStartTimestamp >= deadline, 'the consultation clock starts at the reading deadline')

  t.equal((await api('POST', `/sessions/${code}/skip-phase`, doctor)).status, 200, 'the doctor ends the consultation')
  const submitted = await api('POST', '/feedback/submit', patient, {
    sessionCode: code,
    comment: 'Clear explanation',
    criteriaScores: fullScores(after.selectedCase.feedbackCriteria),
    requestNewCase: false,
  })
  t.equal(submitted.status, 200)

  await server.crash()
  server = await startServerProcess(env)
  const status = (await api('GET', `/sessions/${code}/observer-feedback-status`, patient)).json
  t.same(status, { ...status, hasObserver: true, observerHasGivenFeedback: false })
  const resumed = (await api('GET', `/sessions/${code}`, observer)).json
  t.equal(resumed.phase, 'FEEDBACK', 'still waiting for the observer')
  t.same((await api('GET', '/feedback/received', doctor)).json, [], 'the round is still being scored: nothing shown yet')
  t.equal((await api('POST', `/sessions/${code}/end`, doctor)).status, 200)
  const received = (await api('GET', '/feedback/received', doctor)).json
  t.same(
    received.map((f: { sessionCode: string; comment: string; fromUserRole: string }) => [f.sessionCode, f.comment, f.fromUserRole]),
    [[code, 'Clear explanation', 'patient']],
    'the feedback given before the crash is there',
  )
})
