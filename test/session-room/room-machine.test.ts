import t from 'tap'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { EMPTY_DRAFT, RATINGS_REQUIRED, slotId } from '../../web/session/room/feedback-form.ts'
import { NO_MARKING } from '../../web/session/room/marking-form.ts'
import { areasRequired, OBSERVER_JUDGEMENT_REQUIRED } from '../../schemas/session/marking-rules.ts'
import { roomMachine } from '../../web/session/room/room-machine.ts'
import type { FeedbackSubmission } from '../../web/session/room/submit-choices.ts'
import { draftCase } from '../../web/session/room/room-state.ts'
import type { LiveMessage } from '../../schemas/session-live.ts'
import { EVERYONE, OBSERVER_ID, PATIENT_ID, T0, details, participant, patientCase, phaseChange, sessionUpdate } from './fixtures.ts'

const FULL_SCORES: Array<[string, number]> = [
  [slotId('c1'), 3],
  [slotId('c2', 's1'), 2],
  [slotId('c2', 's2'), 4],
]

/** A room for `userId`, with a recorder of what it sent. */
function room(userId = PATIENT_ID) {
  const sent: FeedbackSubmission[] = []
  const clock = new SimulatedClock()
  let failNext: string | null = null
  const machine = roomMachine.provide({
    actors: {
      submitFeedback: fromPromise<unknown, FeedbackSubmission>(async ({ input }) => {
        if (failNext) throw new Error(failNext)
        sent.push(input)
        return {}
      }),
    },
  })
  const actor = createActor(machine, { input: { userId }, clock }).start()
  const failWith = (message: string) => (failNext = message)
  return { actor, sent, clock, failWith, context: () => actor.getSnapshot().context }
}

function scoreAll(actor: ReturnType<typeof room>['actor']) {
  for (const [slot, score] of FULL_SCORES) actor.send({ type: 'SCORE', slot, score })
}

t.test('the snapshot opens the room with the role, case and timer it gives', async (t) => {
  const { actor, context } = room()
  t.ok(actor.getSnapshot().matches('loading'))
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 + 5000 })
  t.ok(actor.getSnapshot().matches({ room: { form: 'editing' } }))
  t.equal(context().session?.role, 'patient')
  t.same(context().session?.timer, { phase: 'READING', startTimestamp: T0, durationSeconds: 120 })
  t.same(context().session?.config.selectedTopics, ['Cardiology'])
})

t.test('a snapshot without a start timestamp rebuilds the clock from the seconds left', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', timerStartTimestamp: null, totalTime: 0, timeRemaining: 300 }), serverNow: T0 })
  t.same(context().session?.timer, { phase: 'CONSULTATION', startTimestamp: T0 - 180_000, durationSeconds: 480 })
})

t.test('a failed load can be retried', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'LOAD_FAILED', message: 'Server error. Please try again later or contact support.' })
  t.ok(actor.getSnapshot().matches('failed'))
  t.equal(context().loadError, 'Server error. Please try again later or contact support.')
  actor.send({ type: 'RETRY' })
  t.ok(actor.getSnapshot().matches('loading'))
})

t.test('the form refuses to submit until every slot is scored, and only in the feedback phase', async (t) => {
  const { actor, sent, context } = room(OBSERVER_ID)
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', userRole: 'OBSERVER' }), serverNow: T0 })
  scoreAll(actor)
  actor.send({ type: 'SUBMIT', choice: 'close' })
  t.ok(actor.getSnapshot().matches({ room: { form: 'editing' } }), 'no submit during the consultation')

  actor.send({ type: 'LIVE', message: phaseChange('FEEDBACK', T0 + 600_000, 0) })
  actor.send({ type: 'SCORE', slot: slotId('c1'), score: 2.5 })
  t.equal(context().draft.scores[slotId('c1')], 3, 'half steps are not scores')
  actor.send({ type: 'SUBMIT', choice: 'newCase' })
  t.ok(actor.getSnapshot().matches({ room: { form: 'editing' } }), 'observers cannot ask for a new case')

  actor.send({ type: 'COMMENT', text: 'Good rapport' })
  actor.send({ type: 'MARKING', marking: { globalJudgement: 'GOOD', feedbackAreas: [] } })
  actor.send({ type: 'SUBMIT', choice: 'close' })
  await waitFor(actor, (s) => s.matches({ room: { form: 'closed' } }))
  t.equal(sent.length, 1)
  t.same(sent[0], {
    sessionCode: 'K7MQ-2XD9',
    comment: 'Good rapport',
    criteriaScores: [
      { criterionId: 'c1', criterionName: 'Data gathering', score: 3, subScores: [] },
      {
        criterionId: 'c2',
        criterionName: 'Management',
        score: null,
        subScores: [
          { subCriterionId: 's1', subCriterionName: 'Safety net', score: 2 },
          { subCriterionId: 's2', subCriterionName: 'Plan', score: 4 },
        ],
      },
    ],
    requestNewCase: false,
    globalJudgement: 'GOOD',
    feedbackAreas: [],
  })
  actor.send({ type: 'SUBMIT', choice: 'close' })
  t.equal(sent.length, 1, 'a second submit is blocked')
})

t.test('an incomplete form says so', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK', timerStartTimestamp: null, totalTime: 0, timeRemaining: 0 }), serverNow: T0 })
  actor.send({ type: 'SCORE', slot: slotId('c1'), score: 0 })
  actor.send({ type: 'SUBMIT', choice: 'close' })
  t.equal(context().formError, RATINGS_REQUIRED)
  actor.send({ type: 'SCORE', slot: slotId('c2', 's1'), score: 1 })
  t.equal(context().formError, null, 'the message goes once the user scores again')
})

t.test('a failed submit returns to the form with the reason', async (t) => {
  const { actor, failWith, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK' }), serverNow: T0 })
  scoreAll(actor)
  failWith('You have already submitted feedback for this case')
  actor.send({ type: 'SUBMIT', choice: 'close' })
  await waitFor(actor, (s) => s.matches({ room: { form: 'editing' } }) && s.context.formError !== null)
  t.equal(context().formError, 'You have already submitted feedback for this case')
  t.equal(context().draft.scores[slotId('c1')], 3, 'the scores are kept')
})

t.test('asking for the next case while the other scorer is still scoring submits at once, with no question', async (t) => {
  const { actor, sent } = room(OBSERVER_ID)
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK', userRole: 'OBSERVER' }), serverNow: T0 })
  scoreAll(actor)
  actor.send({ type: 'MARKING', marking: { globalJudgement: 'SATISFACTORY', feedbackAreas: [] } })
  actor.send({ type: 'SUBMIT', choice: 'rotateSeats' })
  await waitFor(actor, (s) => s.matches({ room: { form: 'submitted' } }))
  t.same([sent[0].requestNewCase, sent[0].requestSeatRotation, 'requestRoleChange' in sent[0]], [false, true, false])
})

t.test('after asking for the next case the form stays submitted until the next case comes, then starts afresh', async (t) => {
  const { actor, clock, context } = room(PATIENT_ID)
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK' }), serverNow: T0 })
  scoreAll(actor)
  actor.send({ type: 'SUBMIT', choice: 'roleChange' })
  await waitFor(actor, (s) => s.matches({ room: { form: 'submitted' } }))
  t.equal(context().choice, 'roleChange')
  clock.increment(60_000)
  t.ok(actor.getSnapshot().matches({ room: { form: 'submitted' } }), 'no empty form to fill in again while the others score')
  actor.send({ type: 'LIVE', message: sessionUpdate({ phase: 'WAITING', currentRound: 2, selectedCase: patientCase(11) }) })
  t.ok(actor.getSnapshot().matches({ room: { form: 'editing' } }), 'the next round\'s case: a fresh form')
  t.same(context().draft.scores, {})
})

t.test('the draft resets on a new case, a new round and a new reading phase, and survives everything else', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', timerStartTimestamp: T0 }), serverNow: T0 })
  const scored = () => Object.keys(context().draft.scores).length
  const update = (overrides: { round?: number; caseId?: number }) =>
    actor.send({
      type: 'LIVE',
      message: sessionUpdate({ phase: 'CONSULTATION', currentRound: overrides.round ?? 1, selectedCase: patientCase(overrides.caseId ?? 10) }),
    })

  scoreAll(actor)
  actor.send({ type: 'LIVE', message: { type: 'PARTICIPANT_UPDATE', sessionCode: 'K7MQ-2XD9', participants: EVERYONE } })
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', timerStartTimestamp: T0 }), serverNow: T0 + 1000 })
  update({})
  t.equal(scored(), 3, 'participant changes, re-reads and the same case keep the draft')

  update({ caseId: 11 })
  t.equal(scored(), 0, 'a new case resets')
  scoreAll(actor)
  update({ caseId: 11, round: 2 })
  t.equal(scored(), 0, 'a new round resets')
  scoreAll(actor)
  actor.send({ type: 'LIVE', message: phaseChange('READING', T0 + 900_000, 120) })
  t.equal(scored(), 0, 'a new reading phase resets')
})

t.test('the local role follows the participant list', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  const swapped = [participant(1, 'patient'), participant(PATIENT_ID, 'doctor'), participant(OBSERVER_ID, 'observer')]
  actor.send({ type: 'LIVE', message: { type: 'PARTICIPANT_UPDATE', sessionCode: 'K7MQ-2XD9', participants: swapped } })
  t.equal(context().session?.role, 'doctor')
  actor.send({ type: 'LIVE', message: { type: 'ROLE_CHANGE', sessionCode: 'K7MQ-2XD9', message: 'Roles swapped' } })
  t.equal(context().session?.role, 'doctor', 'ROLE_CHANGE itself is ignored')
})

t.test('the topic dialog opens on TOPIC_SELECTION_NEEDED and closes with the next reading phase', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  actor.send({ type: 'LIVE', message: { type: 'TOPIC_SELECTION_NEEDED', sessionCode: 'K7MQ-2XD9', completedTopic: 'Cardiology', availableTopics: ['Neurology'], message: '' } })
  t.same(context().session?.topicChoice, { completedTopic: 'Cardiology', availableTopics: ['Neurology'] })
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 + 1000 })
  t.ok(context().session?.topicChoice, 'a re-read of the same case keeps it open')
  actor.send({ type: 'LIVE', message: phaseChange('READING', T0 + 5000, 120) })
  t.equal(context().session?.topicChoice, null)
})

t.test('messages that arrive while a re-read is on its way are replayed over it', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  actor.send({ type: 'SYNC_STARTED' })
  actor.send({ type: 'LIVE', message: phaseChange('CONSULTATION', T0 + 60_000, 480) })
  // The re-read was answered before the phase changed: it must not take the room back to reading.
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 + 59_000 })
  t.equal(context().session?.phase, 'CONSULTATION')
  t.same(context().session?.timer, { phase: 'CONSULTATION', startTimestamp: T0 + 60_000, durationSeconds: 480 })
  t.equal(context().buffer, null)
})

t.test('the doctor ending the consultation moves the room to feedback at once', async (t) => {
  const { actor, context } = room(1)
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', userRole: 'DOCTOR', isHost: true }), serverNow: T0 })
  actor.send({ type: 'CONSULTATION_ENDED' })
  t.equal(context().session?.phase, 'FEEDBACK')
  t.equal(context().session?.timer, null)
})

t.test('SESSION_ENDED ends the room with its reason, or the default one', async (t) => {
  const first = room()
  first.actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  first.actor.send({ type: 'LIVE', message: { type: 'SESSION_ENDED', sessionCode: 'K7MQ-2XD9', reason: 'Session has been ended by the doctor.', timestamp: '' } })
  t.ok(first.actor.getSnapshot().matches('ended'))
  t.equal(first.context().endedReason, 'Session has been ended by the doctor.')

  const second = room()
  second.actor.send({ type: 'LIVE', message: { type: 'SESSION_ENDED', sessionCode: 'K7MQ-2XD9', reason: '', timestamp: '' } })
  t.ok(second.actor.getSnapshot().matches('ended'), 'also while loading')
  t.equal(second.context().endedReason, 'Session has ended')
})

t.test('news of the next case that overtakes the submit answer neither cancels the submit nor keeps the old form', async (t) => {
  let answer: () => void = () => {}
  const slowMachine = roomMachine.provide({
    actors: {
      submitFeedback: fromPromise<unknown, FeedbackSubmission>(() => new Promise((resolve) => (answer = () => resolve({})))),
    },
  })
  for (const [choice, settled] of [['close', 'closed'], ['newCase', 'editing']] as const) {
    const actor = createActor(slowMachine, { input: { userId: PATIENT_ID } }).start()
    actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK' }), serverNow: T0 })
    scoreAll(actor)
    actor.send({ type: 'SUBMIT', choice })
    await waitFor(actor, (s) => s.matches({ room: { form: 'submitting' } }))
    actor.send({ type: 'LIVE', message: phaseChange('READING', T0 + 700_000, 60) })
    t.ok(actor.getSnapshot().matches({ room: { form: 'submitting' } }), `${choice}: the submit carries on`)
    answer()
    await waitFor(actor, (s) => s.matches({ room: { form: settled } }))
    t.pass(`${choice}: settles in ${settled}`)
    if (choice === 'newCase') t.same(actor.getSnapshot().context.draft.scores, {}, 'the next case starts with an empty form')
  }
})

t.test('a kept draft comes back into the untouched form of its case and round, and only there', async (t) => {
  const kept = { scores: { [slotId('c1')]: 3, [slotId('c2', 's1')]: 2, [slotId('gone')]: 4, [slotId('c2', 's2')]: 2.5 }, comment: 'Good rapport' }
  // Kept while the page was there for the reading phase; the page reloaded in the consultation never saw it.
  const before = room()
  before.actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  before.actor.send({ type: 'LIVE', message: phaseChange('CONSULTATION', T0 + 120_000, 480) })
  const forCase = draftCase(before.context().session!)
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', timerStartTimestamp: T0 + 120_000 }), serverNow: T0 + 200_000 })
  t.equal(draftCase(context().session!), forCase, 'the reloaded page names the same form')
  actor.send({ type: 'RESTORE_DRAFT', forCase: '11|1', saved: kept })
  t.same(context().draft, EMPTY_DRAFT, 'a draft kept for another case is not used')
  actor.send({ type: 'RESTORE_DRAFT', forCase, saved: kept })
  t.same(context().draft, { scores: { [slotId('c1')]: 3, [slotId('c2', 's1')]: 2 }, comment: 'Good rapport', marking: NO_MARKING }, 'slots this case does not have and half steps are dropped')

  const typed = room()
  typed.actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  typed.actor.send({ type: 'COMMENT', text: 'typed since' })
  typed.actor.send({ type: 'RESTORE_DRAFT', forCase, saved: kept })
  t.same(typed.context().draft, { ...EMPTY_DRAFT, comment: 'typed since' }, 'never over what was typed since')

  const garbled = room()
  garbled.actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  for (const saved of [null, 'text', { scores: 'x', comment: '' }, { scores: {}, comment: 7 }]) {
    garbled.actor.send({ type: 'RESTORE_DRAFT', forCase, saved })
    t.same(garbled.context().draft, EMPTY_DRAFT, `nothing from ${JSON.stringify(saved)}`)
  }
})

t.test('every submit refused for empty slots is counted, so each one can take the user to them, until a new form', async (t) => {
  const { actor, context } = room()
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK' }), serverNow: T0 })
  actor.send({ type: 'SUBMIT', choice: 'close' })
  actor.send({ type: 'COMMENT', text: 'still typing' })
  actor.send({ type: 'SUBMIT', choice: 'close' })
  t.equal(context().refusals, 2)
  t.equal(context().formError, RATINGS_REQUIRED)
  actor.send({ type: 'SCORE', slot: slotId('c1'), score: 3 })
  t.equal(context().refusals, 2, 'scoring keeps the marks on the slots still empty')
  actor.send({ type: 'LIVE', message: phaseChange('READING', T0 + 600_000, 120) })
  t.equal(context().refusals, 0, 'a new reading phase starts a form with nothing marked')
})

t.test('someone leaving, and my own seat changing, are told until dismissed', async (t) => {
  const { actor } = room()
  const context = () => ({ notice: actor.getSnapshot().context.notice?.text ?? null })
  actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
  t.equal(context().notice, null)
  const left = (userId: number, userName: string, userRole: 'doctor' | 'observer') =>
    actor.send({ type: 'LIVE', message: { type: 'USER_LEFT', sessionCode: 'K7MQ-2XD9', userId, userName, userRole } })
  left(OBSERVER_ID, 'Olu Observer', 'observer')
  t.equal(context().notice, 'Olu Observer (Observer) has left the session.')
  actor.send({ type: 'LIVE', message: { type: 'PARTICIPANT_UPDATE', sessionCode: 'K7MQ-2XD9', participants: EVERYONE } })
  t.equal(context().notice, 'Olu Observer (Observer) has left the session.', 'a change that is no news keeps the notice')
  actor.send({ type: 'DISMISS_NOTICE' })
  t.equal(context().notice, null)

  const swapped = [participant(1, 'patient'), participant(PATIENT_ID, 'doctor'), participant(OBSERVER_ID, 'observer')]
  actor.send({ type: 'LIVE', message: { type: 'PARTICIPANT_UPDATE', sessionCode: 'K7MQ-2XD9', participants: swapped } })
  t.equal(context().notice, 'Roles have changed: you are now the Doctor. Doctor: you, Patient: User 1, Observer: User 3.')

  const rotated = [participant(1, 'observer'), participant(PATIENT_ID, 'patient'), participant(OBSERVER_ID, 'doctor')]
  actor.send({ type: 'LIVE', message: { type: 'PARTICIPANT_UPDATE', sessionCode: 'K7MQ-2XD9', participants: rotated } })
  t.equal(context().notice, 'Roles have changed: you are now the Patient. Doctor: User 3, Patient: you, Observer: User 1.', 'a rotation says every seat')
})

// Issue 30: a tab still open in a room its user left elsewhere (by creating or joining another session) says why.
t.test('my own leaving, heard in a tab still in the room, ends the room there and says why', async (t) => {
  for (const [reason, expected] of [
    ['JOINED_ANOTHER_SESSION', 'you left it to create or join another session'],
    ['OFFLINE_TOO_LONG', 'you left it after being away too long'],
    [undefined, 'you left it'],
  ] as const) {
    const { actor } = room()
    actor.send({ type: 'SNAPSHOT', details: details(), serverNow: T0 })
    actor.send({ type: 'LIVE', message: { type: 'USER_LEFT', sessionCode: 'K7MQ-2XD9', userId: PATIENT_ID, userName: 'User 2', userRole: 'patient', ...(reason ? { reason } : {}) } })
    t.ok(actor.getSnapshot().matches('ended'), String(reason))
    t.equal(actor.getSnapshot().context.endedReason, expected)
  }
})

t.test("a notice ends when the room moves on from its phase; the swap's lasts through the new seats' reading phase", async (t) => {
  const { actor, context } = room()
  const live = (message: LiveMessage) => actor.send({ type: 'LIVE', message })
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', timerStartTimestamp: T0 }), serverNow: T0 })
  live({ type: 'USER_LEFT', sessionCode: 'K7MQ-2XD9', userId: 4, userName: 'Oona Observer', userRole: 'observer' })
  live(phaseChange('CONSULTATION', T0, 480))
  t.match(context().notice, { text: 'Oona Observer (Observer) has left the session.' }, 'the same phase again is no change')
  live(phaseChange('FEEDBACK', T0 + 60_000, 0))
  t.equal(context().notice, null, 'gone with the consultation')

  // "Submit & Role Change" as the server sends it (WIRE.md section 6): my feedback, the swap, the next case.
  const scored = [participant(1, 'doctor'), participant(PATIENT_ID, 'patient', { hasGivenFeedback: true, hasCompleted: true }), participant(OBSERVER_ID, 'observer')]
  const swapped = [participant(1, 'patient'), participant(PATIENT_ID, 'doctor'), participant(OBSERVER_ID, 'observer')]
  live({ type: 'PARTICIPANT_UPDATE', sessionCode: 'K7MQ-2XD9', participants: scored })
  live({ type: 'ROLE_CHANGE', sessionCode: 'K7MQ-2XD9', message: 'Roles swapped' })
  live(sessionUpdate({ phase: 'FEEDBACK', participants: swapped }))
  live(sessionUpdate({ phase: 'READING', currentRound: 2, participants: swapped, selectedCase: patientCase(11) }))
  live(phaseChange('READING', T0 + 120_000, 120))
  live({ type: 'TIMER_START', sessionCode: 'K7MQ-2XD9', phase: 'READING', durationSeconds: 120, startTimestamp: T0 + 120_000, message: '' })
  t.match(context().notice, { text: /^Roles have changed: you are now the Doctor\./ }, 'shown while the new seats read the next case')
  live(phaseChange('CONSULTATION', T0 + 240_000, 480))
  t.equal(context().notice, null, 'gone once the consultation starts')
})

t.test("the doctor's own end of the consultation ends a notice too", async (t) => {
  const { actor, context } = room(1)
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', userRole: 'DOCTOR', timerStartTimestamp: T0 }), serverNow: T0 })
  actor.send({ type: 'LIVE', message: { type: 'USER_LEFT', sessionCode: 'K7MQ-2XD9', userId: OBSERVER_ID, userName: 'Olu Observer', userRole: 'observer' } })
  t.ok(context().notice)
  actor.send({ type: 'CONSULTATION_ENDED' })
  t.equal(context().notice, null)
})

t.test('the observer must judge, and say why for Borderline, before anything is sent; the patient may leave both out', async (t) => {
  const observer = room(OBSERVER_ID)
  observer.actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK', userRole: 'OBSERVER', timerStartTimestamp: null, totalTime: 0, timeRemaining: 0 }), serverNow: T0 })
  scoreAll(observer.actor)
  observer.actor.send({ type: 'SUBMIT', choice: 'close' })
  t.same([observer.context().formError, observer.context().refusals, observer.sent.length], [OBSERVER_JUDGEMENT_REQUIRED, 1, 0])
  observer.actor.send({ type: 'MARKING', marking: { globalJudgement: 'BORDERLINE', feedbackAreas: [] } })
  t.equal(observer.context().formError, null, 'the message goes with the next change')
  observer.actor.send({ type: 'SUBMIT', choice: 'close' })
  t.same([observer.context().formError, observer.context().refusals, observer.sent.length], [areasRequired('BORDERLINE'), 2, 0])
  observer.actor.send({ type: 'MARKING', marking: { globalJudgement: 'BORDERLINE', feedbackAreas: ['LISTENING', 'TIME'] } })
  observer.actor.send({ type: 'SUBMIT', choice: 'close' })
  await waitFor(observer.actor, (s) => s.matches({ room: { form: 'closed' } }))
  t.match(observer.sent[0], { globalJudgement: 'BORDERLINE', feedbackAreas: ['LISTENING', 'TIME'] })

  const patient = room(PATIENT_ID)
  patient.actor.send({ type: 'SNAPSHOT', details: details({ phase: 'FEEDBACK', timerStartTimestamp: null, totalTime: 0, timeRemaining: 0 }), serverNow: T0 })
  scoreAll(patient.actor)
  patient.actor.send({ type: 'SUBMIT', choice: 'close' })
  await waitFor(patient.actor, (s) => s.matches({ room: { form: 'closed' } }))
  t.match(patient.sent[0], { globalJudgement: null, feedbackAreas: [] })
})

t.test('a kept draft brings its judgement and areas back; one kept before them brings none', async (t) => {
  const { actor, context } = room(OBSERVER_ID)
  actor.send({ type: 'SNAPSHOT', details: details({ phase: 'CONSULTATION', userRole: 'OBSERVER', timerStartTimestamp: T0 }), serverNow: T0 })
  const forCase = draftCase(context().session!)
  const marking = { globalJudgement: 'UNSATISFACTORY', feedbackAreas: ['TIME', 'RAPPORT', 'TIME', 'POSTURE'] }
  actor.send({ type: 'RESTORE_DRAFT', forCase, saved: { scores: {}, comment: '', marking } })
  t.same(context().draft.marking, NO_MARKING, 'an unknown area spoils the kept marking, not the rest')
  actor.send({ type: 'RESTORE_DRAFT', forCase, saved: { scores: {}, comment: 'x', marking: { ...marking, feedbackAreas: ['TIME', 'RAPPORT'] } } })
  t.same(context().draft.marking, { globalJudgement: 'UNSATISFACTORY', feedbackAreas: ['RAPPORT', 'TIME'] })
})
