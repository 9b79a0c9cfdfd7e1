import t from 'tap'
import { readLiveMessage } from '../../web/api/live-message.ts'
import { phaseChange, sessionUpdate, T0 } from '../session-room/fixtures.ts'

/** readLiveMessage with its warnings collected instead of printed. */
function read(body: string) {
  const warnings: unknown[][] = []
  const message = readLiveMessage(body, (...data) => warnings.push(data))
  return { message, warnings }
}

t.test('well-formed messages pass, with fields a later server adds dropped', async (t) => {
  const update = sessionUpdate()
  t.same(read(JSON.stringify(update)), { message: update, warnings: [] })
  const { message, warnings } = read(JSON.stringify({ ...phaseChange('CONSULTATION', T0, 480), addedLater: true }))
  t.same(message, phaseChange('CONSULTATION', T0, 480))
  t.same(warnings, [])
})

t.test('a malformed message is ignored, and logged with its type and the reason', async (t) => {
  const cases: Array<[string, string, string | null, RegExp]> = [
    ['not JSON', '{"type": "PHASE_CHANGE"', null, /not JSON/],
    ['no type', '{"phase": "READING"}', null, /type/],
    ['an unknown type', '{"type": "SURPRISE"}', 'SURPRISE', /type/],
    ['a phase that does not exist', JSON.stringify({ ...phaseChange('READING', T0, 120), phase: 'LUNCH' }), 'PHASE_CHANGE', /phase/],
    ['a missing timestamp', JSON.stringify({ ...phaseChange('READING', T0, 120), startTimestamp: undefined }), 'PHASE_CHANGE', /startTimestamp/],
    ['participants that are not a list', JSON.stringify({ ...sessionUpdate(), participants: 'everyone' }), 'SESSION_UPDATE', /participants/],
    ['a case without an id', JSON.stringify({ ...sessionUpdate(), selectedCase: { title: 'x' } }), 'SESSION_UPDATE', /selectedCase/],
    ['null', 'null', null, /./],
  ]
  for (const [what, body, type, reason] of cases) {
    const { message, warnings } = read(body)
    t.equal(message, null, `${what}: ignored`)
    t.equal(warnings.length, 1, `${what}: logged once`)
    const detail = warnings[0]?.[1] as { type: string | null; reason: string }
    t.equal(detail.type, type, `${what}: the log names the type`)
    t.match(detail.reason, reason, `${what}: the log says why`)
  }
})
