import t, { type Test } from 'tap'
import { areasRequired, OBSERVER_JUDGEMENT_REQUIRED } from '../../schemas/session/marking-rules.ts'
import type { SessionEvent, StationMarking } from '../../schemas/session/types.ts'
import { feedback, inFeedback, OBSERVER, PATIENT, refused, type Session } from './fixtures.ts'

/** Issue 17: the observer marks as the exam's examiner does; the patient may; an old client is not refused. */

const marked = (marking: StationMarking | undefined) => feedback(marking ? { marking } : {})
const submitted = (events: SessionEvent[]) => {
  const event = events.find((e) => e.type === 'FeedbackSubmitted')
  return event?.type === 'FeedbackSubmitted' ? { globalJudgement: event.globalJudgement, feedbackAreas: event.feedbackAreas } : null
}
const nothingStored = (t: Test, session: Session) => t.equal(session.state.participants.filter((p) => p.hasGivenFeedback).length, 0, 'nothing stored')

t.test('the observer must give a judgement', async (t) => {
  const session = inFeedback()
  refused(t, session, marked({ globalJudgement: null, feedbackAreas: [] }), OBSERVER, 400, OBSERVER_JUDGEMENT_REQUIRED)
  refused(t, session, marked({ globalJudgement: null, feedbackAreas: ['TIME'] }), OBSERVER, 400, OBSERVER_JUDGEMENT_REQUIRED)
  nothingStored(t, session)
})

t.test('the observer must tick an area for Unsatisfactory or Borderline, not for Satisfactory or Good', async (t) => {
  const session = inFeedback()
  refused(t, session, marked({ globalJudgement: 'UNSATISFACTORY', feedbackAreas: [] }), OBSERVER, 400, areasRequired('UNSATISFACTORY'))
  refused(t, session, marked({ globalJudgement: 'BORDERLINE', feedbackAreas: [] }), OBSERVER, 400, areasRequired('BORDERLINE'))
  t.match(areasRequired('UNSATISFACTORY'), /Unsatisfactory/)
  t.same(submitted(inFeedback().when(marked({ globalJudgement: 'BORDERLINE', feedbackAreas: ['RAPPORT'] }), OBSERVER)), {
    globalJudgement: 'BORDERLINE',
    feedbackAreas: ['RAPPORT'],
  })
  t.same(submitted(inFeedback().when(marked({ globalJudgement: 'GOOD', feedbackAreas: [] }), OBSERVER)), { globalJudgement: 'GOOD', feedbackAreas: [] })
  t.same(submitted(inFeedback().when(marked({ globalJudgement: 'SATISFACTORY', feedbackAreas: ['TIME'] }), OBSERVER)), {
    globalJudgement: 'SATISFACTORY',
    feedbackAreas: ['TIME'],
  }, 'an area with a pass is allowed: something to work on')
})

t.test('the patient may give a judgement and areas, or neither', async (t) => {
  t.same(submitted(inFeedback().when(marked({ globalJudgement: null, feedbackAreas: [] }), PATIENT)), { globalJudgement: null, feedbackAreas: [] })
  t.same(submitted(inFeedback().when(marked({ globalJudgement: 'UNSATISFACTORY', feedbackAreas: [] }), PATIENT)), {
    globalJudgement: 'UNSATISFACTORY',
    feedbackAreas: [],
  })
  t.same(submitted(inFeedback().when(marked({ globalJudgement: null, feedbackAreas: ['LISTENING'] }), PATIENT)), {
    globalJudgement: null,
    feedbackAreas: ['LISTENING'],
  })
})

t.test('areas are stored in the exam\'s order, whatever order they were ticked in', async (t) => {
  const events = inFeedback().when(marked({ globalJudgement: 'UNSATISFACTORY', feedbackAreas: ['TIME', 'CONSULTATION', 'LANGUAGE'] }), OBSERVER)
  t.same(submitted(events)?.feedbackAreas, ['CONSULTATION', 'LANGUAGE', 'TIME'])
})

t.test('a client written for the spec sends neither: accepted from both roles, the judgement not given', async (t) => {
  const session = inFeedback()
  t.same(submitted(session.when(marked(undefined), OBSERVER)), { globalJudgement: null, feedbackAreas: [] })
  t.same(submitted(session.when(marked(undefined), PATIENT)), { globalJudgement: null, feedbackAreas: [] })
})
