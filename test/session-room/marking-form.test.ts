import t from 'tap'
import { isEmptyMarking, NO_MARKING, withArea, withJudgement } from '../../web/session/room/marking-form.ts'

/** The form's judgement and areas: ticked in any order, held in the exam's, never twice. */

t.test("areas stay in the exam's order and are never held twice", async (t) => {
  let marking = withArea(NO_MARKING, 'TIME', true)
  marking = withArea(marking, 'CONSULTATION', true)
  marking = withArea(marking, 'TIME', true)
  t.same(marking.feedbackAreas, ['CONSULTATION', 'TIME'])
  t.same(withArea(marking, 'CONSULTATION', false).feedbackAreas, ['TIME'])
  t.same(withArea(marking, 'RAPPORT', false).feedbackAreas, ['CONSULTATION', 'TIME'], 'unticking one not ticked changes nothing')
})

t.test('a judgement can be given, changed and taken back', async (t) => {
  const judged = withJudgement(NO_MARKING, 'GOOD')
  t.equal(judged.globalJudgement, 'GOOD')
  t.notOk(isEmptyMarking(judged))
  t.ok(isEmptyMarking(withJudgement(judged, null)))
  t.ok(isEmptyMarking(NO_MARKING))
})
