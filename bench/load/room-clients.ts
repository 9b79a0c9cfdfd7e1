/**
 * One room as the load generator drives it: its three members' STOMP clients (the doctor's and the observer's
 * over a plain WebSocket, the patient's over SockJS, as the spec's client does) and the script of commands a
 * session goes through, each step timed from sending it to its last live message arriving on all three sockets.
 */
import { Client } from '@stomp/stompjs'
import { performance } from 'node:perf_hooks'
import SockJS from 'sockjs-client'
import WebSocket from 'ws'
import { CRITERIA } from '../../test/sessions/helpers.ts'
import { request } from './http-client.ts'
import type { Room } from './target.ts'

interface LiveMessage {
  type: string
  phase?: string
  selectedCase?: { id: number }
}

interface Waiter {
  wanted: (message: LiveMessage) => boolean
  arrived: (at: number) => void
}

const STEP_TIMEOUT_MS = 15_000

/** A member's client: `expect` resolves with the arrival time of the next message that `wanted` accepts. */
async function memberClient(baseUrl: string, transport: 'websocket' | 'sockjs', token: string, code: string) {
  const waiters: Waiter[] = []
  let caseId: number | null = null
  let subscribed!: () => void
  const ready = new Promise<void>((resolve) => (subscribed = resolve))
  const client = new Client({
    webSocketFactory: () => (transport === 'websocket' ? new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, ['v12.stomp']) : new SockJS(`${baseUrl}/ws`)),
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: 4_000, // the spec's client's heart-beat (WIRE.md): part of the load 3,000 sockets make
    heartbeatOutgoing: 4_000,
    reconnectDelay: 0,
    debug: () => {},
    onConnect: () => {
      client.watchForReceipt('subscribed', subscribed)
      client.subscribe(`/topic/session/${code}`, (frame) => {
        const at = performance.now()
        const message = JSON.parse(frame.body) as LiveMessage
        if (message.selectedCase) caseId = message.selectedCase.id
        const index = waiters.findIndex((waiter) => waiter.wanted(message))
        if (index >= 0) waiters.splice(index, 1)[0].arrived(at)
      }, { receipt: 'subscribed' })
    },
  })
  client.activate()
  const timeout = (what: string) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS).unref())
  await Promise.race([ready, timeout('subscription receipt')])
  return {
    caseId: () => caseId,
    expect: (wanted: Waiter['wanted']) => Promise.race([new Promise<number>((arrived) => waiters.push({ wanted, arrived })), timeout('live message')]),
    close: () => client.deactivate(),
  }
}

type Member = Awaited<ReturnType<typeof memberClient>>

interface Step {
  name: string
  /** Which member sends it (0 doctor, 1 patient, 2 observer), where, and with what body. */
  by: 0 | 1 | 2
  url: (room: Room) => string
  body: (room: Room, doctor: Member) => unknown
  /** The step's last live message. */
  last: (message: LiveMessage) => boolean
}

/** Every criterion of the seeded bank scored, as the feedback form requires. */
const SCORES = CRITERIA.map((criterion) => ({
  criterionId: criterion.id,
  score: criterion.subCriteria.length === 0 ? 3 : null, // a criterion with sub-criteria is rated through them
  subScores: criterion.subCriteria.map((sub) => ({ subCriterionId: sub.id, score: 3 })),
}))
const FEEDBACK = (requestNewCase: boolean) => (room: Room) => ({ sessionCode: room.code, comment: 'Load', criteriaScores: SCORES, requestNewCase })
const timerStarted = (phase: string) => (message: LiveMessage) => message.type === 'TIMER_START' && message.phase === phase

const START: Step = { name: 'start', by: 0, url: (room) => `/sessions/${room.code}/start`, body: () => ({}), last: timerStarted('READING') }
/** After the start, a session goes round this cycle: the mix of commands a real round has. */
const CYCLE: Step[] = [
  { name: 'skip reading', by: 0, url: (room) => `/sessions/${room.code}/skip-phase`, body: () => ({ phase: 'READING' }), last: timerStarted('CONSULTATION') },
  {
    name: 'skip consultation',
    by: 0,
    url: (room) => `/sessions/${room.code}/skip-phase`,
    body: () => ({ phase: 'CONSULTATION' }),
    last: (message) => message.type === 'PHASE_CHANGE' && message.phase === 'FEEDBACK',
  },
  { name: 'observer feedback', by: 2, url: () => '/feedback/submit', body: FEEDBACK(false), last: (message) => message.type === 'PARTICIPANT_UPDATE' },
  { name: 'patient feedback, next case', by: 1, url: () => '/feedback/submit', body: FEEDBACK(true), last: timerStarted('READING') },
  { name: 'new case', by: 0, url: (room) => `/sessions/${room.code}/new-case`, body: (_, doctor) => ({ caseId: doctor.caseId() }), last: timerStarted('READING') },
]

export interface StepTiming {
  step: string
  /** Sending the command -> its last live message on all three sockets. */
  deliveredMs: number
  /** Sending the command -> its HTTP answer. */
  answeredMs: number
  /** Sending the command -> its last live message on each member's socket: doctor, patient (SockJS), observer. */
  memberMs: number[]
  /**
   * When it was sent, to place a slow command in the run: this process's performance.now() here, turned into ms
   * from the phase's start before it leaves the generator (each process has its own clock).
   */
  sentAt: number
}

export async function roomClients(baseUrl: string, room: Room) {
  const members = await Promise.all((['websocket', 'sockjs', 'websocket'] as const).map((transport, n) => memberClient(baseUrl, transport, room.tokens[n], room.code)))
  let steps = 0
  return {
    /** Runs the session's next command; a refusal or a message that never comes throws. */
    async nextStep(): Promise<StepTiming> {
      const step = steps === 0 ? START : CYCLE[(steps - 1) % CYCLE.length]
      const arrivals = Promise.all(members.map((member) => member.expect(step.last)))
      arrivals.catch(() => {}) // a refused command throws below; its messages, never coming, must not end the process
      const sentAt = performance.now()
      const response = await request(`${baseUrl}/api${step.url(room)}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${room.tokens[step.by]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(step.body(room, members[0])),
      })
      const answeredMs = performance.now() - sentAt
      if (!response.ok) throw new Error(`${step.name}: ${response.status} ${response.text}`)
      steps += 1
      const memberMs = (await arrivals).map((arrivedAt) => arrivedAt - sentAt)
      return { step: step.name, deliveredMs: Math.max(...memberMs), answeredMs, memberMs, sentAt }
    },
    close: () => Promise.all(members.map((member) => member.close())),
  }
}
