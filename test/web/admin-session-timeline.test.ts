import t from 'tap'
import type { AdminTimelineEntry } from '../../schemas/api/admin-sessions.ts'
import type { ParticipantView } from '../../schemas/session-wire.ts'
import { clockThen, seatScreen } from '../../web/admin/sessions/timeline/seat-screen.ts'
import { feedbackPart } from '../../web/session/room/submit-choices.ts'
import {
  chosenStep,
  deadlinesUpTo,
  deadlineWords,
  differenceWords,
  fromStartWords,
  readStep,
  stepHref,
  versionAt,
} from '../../web/admin/sessions/timeline/timeline-steps.ts'
import { roundsPlayed } from '../../schemas/session/rounds-played.ts'

/** The admins' session timeline page (issue 37): which event an address opens at, and how timers read. */

const START = Date.UTC(2026, 10, 24, 20, 0, 0)
const iso = (ms: number) => new Date(ms).toISOString()
/** The tests' clock: UTC hh:mm:ss, whatever the machine's zone. */
const utc = (at: string) => at.slice(11, 19)

function entry(version: number, secondsIn: number, fields: Partial<AdminTimelineEntry> = {}): AdminTimelineEntry {
  return {
    version,
    type: 'TopicAdded',
    at: iso(START + secondsIn * 1000),
    happenedAt: iso(START + secondsIn * 1000),
    actor: null,
    phaseAfter: 'WAITING',
    payload: {},
    msFromStart: secondsIn * 1000,
    sentence: `event ${version}`,
    deadline: null,
    ...fields,
  }
}

const readingDeadline = { phase: 'READING' as const, deadline: iso(START + 180_000), nextPhaseAt: iso(START + 108_000), differenceMs: -72_000 }
const consultationDeadline = { phase: 'CONSULTATION' as const, deadline: iso(START + 588_000), nextPhaseAt: null, differenceMs: null }
const LOG = [
  entry(1, 0),
  entry(2, 30, { type: 'CaseAssigned', payload: { round: 1, caseId: 7 } }),
  entry(3, 60, { type: 'PhaseStarted', phaseAfter: 'READING', payload: { phase: 'READING' }, deadline: readingDeadline }),
  entry(4, 108, { type: 'PhaseStarted', phaseAfter: 'CONSULTATION', payload: { phase: 'CONSULTATION' }, deadline: consultationDeadline }),
  entry(5, 200, { type: 'CaseAssigned', payload: { round: 2, caseId: 8 } }),
]

t.test('the address names a version (kept as typed), else a moment, else nothing', async (t) => {
  t.same(readStep(''), { kind: 'none' })
  t.same(readStep('?version=12'), { kind: 'version', version: '12' })
  t.same(readStep('?version=abc'), { kind: 'version', version: 'abc' }, 'the server explains a bad version')
  t.same(readStep('?version=&at=2026-11-24T20:01:00Z'), { kind: 'at', at: START + 60_000, text: '2026-11-24T20:01:00Z' })
  t.same(readStep('?at=2026-11-24T20:01:00Z&version=3'), { kind: 'version', version: '3' }, 'a version wins over a moment')
  t.same(readStep('?at=yesterday'), { kind: 'badAt', text: 'yesterday' })
})

t.test('a moment opens at the last event at or before it', async (t) => {
  t.equal(versionAt(LOG, START - 1), null, 'before the log starts: none')
  t.equal(versionAt(LOG, START), 1, 'exactly at an event: that event')
  t.equal(versionAt(LOG, START + 107_999), 3)
  t.equal(versionAt(LOG, START + 108_000), 4)
  t.equal(versionAt(LOG, START + 86_400_000), 5, 'after the end: the last event')
  t.equal(chosenStep({ kind: 'at', at: START + 70_000, text: '' }, LOG), 3)
  // The database stamped each event 5 s later than the application's clock, which a report's moment is on.
  const laterStamps = LOG.map((e) => ({ ...e, at: iso(Date.parse(e.happenedAt) + 5000) }))
  t.equal(versionAt(laterStamps, START + 108_000), 4, "judged by the event's own time, not the database's stamp")
})

t.test('a version is chosen only when the log has it', async (t) => {
  t.equal(chosenStep({ kind: 'version', version: '4' }, LOG), 4)
  t.equal(chosenStep({ kind: 'version', version: '6' }, LOG), null, 'past the end')
  t.equal(chosenStep({ kind: 'version', version: '2.5' }, LOG), null)
  t.equal(chosenStep({ kind: 'none' }, LOG), null)
  t.equal(chosenStep({ kind: 'badAt', text: 'x' }, LOG), null)
  t.equal(stepHref('AB CD', 4), '/admin/sessions/AB%20CD?version=4')
})

t.test('times and deadlines in words', async (t) => {
  t.equal(fromStartWords(725_000), '+12:05')
  t.equal(fromStartWords(725_999), '+12:05', 'whole seconds, never ahead of the clock')
  t.equal(differenceWords(0), 'on time')
  t.equal(differenceWords(-400), 'on time', 'under half a second either way is the timer ending it')
  t.equal(differenceWords(-72_000), '1:12 early')
  t.equal(differenceWords(5_000), '0:05 late')
  t.equal(deadlineWords(readingDeadline, utc), 'Reading deadline 20:03:00 · next phase began 20:01:48 (1:12 early)')
  t.equal(deadlineWords({ ...readingDeadline, nextPhaseAt: iso(START + 180_000), differenceMs: 0 }, utc), 'Reading deadline 20:03:00 · next phase began 20:03:00 (on time)')
  t.equal(deadlineWords(consultationDeadline, utc), 'Consultation deadline 20:09:48 · the log holds no next phase yet')
})

t.test('the timers started by a step, each running or not at its moment', async (t) => {
  t.same(deadlinesUpTo(LOG, 2, LOG[1].at), [], 'none before the reading')
  t.same(
    deadlinesUpTo(LOG, 3, LOG[2].at).map(({ version, running }) => ({ version, running })),
    [{ version: 3, running: true }],
    'the reading runs right after it starts',
  )
  t.same(
    deadlinesUpTo(LOG, 4, LOG[3].at).map(({ version, running }) => ({ version, running })),
    [
      { version: 3, running: false },
      { version: 4, running: true },
    ],
    'the reading gave way when the consultation began; the consultation has no end in the log',
  )
})

t.test('a printable summary for each round whose reading began', async (t) => {
  t.same(roundsPlayed(LOG), [1], 'round 2 drew a case but its reading never began')
  t.same(roundsPlayed(LOG.slice(0, 2)), [], 'a case drawn is not a round played')
  t.same(roundsPlayed(LOG.slice(0, 3)), [1], 'the reading began: the round was played, even if cut off there')
})

function participant(userId: number, role: ParticipantView['role'], fields: Partial<ParticipantView> = {}): ParticipantView {
  const base = { id: String(userId), userId, name: `User ${userId}`, role, isOnline: false, hasCompleted: false, hasGivenFeedback: false, joinedAfterConsultation: false, nextRoundRequest: null }
  return { ...base, ...fields }
}

t.test("a seat's screen holds the parts the room shows in that phase", async (t) => {
  const participants = [participant(1, 'doctor'), participant(2, 'patient', { hasGivenFeedback: true }), participant(3, 'observer')]
  const at = (phase: 'WAITING' | 'READING' | 'CONSULTATION' | 'FEEDBACK' | 'COMPLETED', role: ParticipantView['role'], userId: number) =>
    seatScreen({ phase, role, participants }, userId)
  t.match(at('WAITING', 'doctor', 1), { caseNotes: false, stationNotes: false, scoringForm: false })
  t.match(at('READING', 'patient', 2), { caseNotes: true, stationNotes: false, scoringForm: false })
  t.match(at('CONSULTATION', 'doctor', 1), { caseNotes: true, stationNotes: false, scoringForm: false }, 'the doctor scores nobody')
  t.match(at('CONSULTATION', 'observer', 3), { caseNotes: true, stationNotes: true, scoringForm: true })
  t.match(at('FEEDBACK', 'observer', 3), { caseNotes: false, stationNotes: true, scoringForm: true })
  t.match(at('FEEDBACK', 'patient', 2), { says: 'Feedback Submitted', scoringForm: false }, 'feedback in: the form is gone')
  t.match(at('FEEDBACK', 'doctor', 1), { caseNotes: false, scoringForm: false })
  t.match(at('COMPLETED', 'observer', 3), { says: 'Session Complete', caseNotes: false })
})

t.test("the feedback part: one rule for the room's RoomFeedback and the seat screens", async (t) => {
  const late = [participant(1, 'doctor'), participant(2, 'patient', { hasGivenFeedback: true }), participant(3, 'observer', { joinedAfterConsultation: true })]
  const part = (phase: 'CONSULTATION' | 'FEEDBACK', role: ParticipantView['role'], userId: number, sentFromHere = false) =>
    feedbackPart({ phase, role, participants: late }, userId, sentFromHere)
  t.equal(part('FEEDBACK', 'doctor', 1), 'none')
  t.equal(part('FEEDBACK', 'patient', 2), 'submitted')
  t.equal(part('CONSULTATION', 'patient', 2), 'form', 'a feedback in from an earlier round does not count before this one is asked for')
  t.equal(part('CONSULTATION', 'patient', 2, true), 'submitted', 'sent from this page: submitted at once')
  t.equal(part('FEEDBACK', 'observer', 3), 'joinedLate')
  t.match(seatScreen({ phase: 'CONSULTATION', role: 'observer', participants: late }, 3), { stationNotes: true, scoringForm: false }, 'joined late: nothing to score')
})

t.test("a seat's clock as the room read it at that moment", async (t) => {
  const timer = { phase: 'CONSULTATION' as const, startTimestamp: START, durationSeconds: 480 }
  const countdown = { readingTime: 2, consultationTime: 8, timingType: 'COUNTDOWN' as const, sessionType: 'TOPIC' as const, selectedTopics: [] }
  t.equal(clockThen({ phase: 'CONSULTATION', timer, config: countdown }, START + 37_500), '7:23 left of 8:00')
  t.equal(clockThen({ phase: 'CONSULTATION', timer, config: { ...countdown, timingType: 'STOPWATCH' } }, START + 37_500), '0:37 elapsed of 8:00')
  t.equal(clockThen({ phase: 'FEEDBACK', timer: null, config: countdown }, START), null)
})
