import { expect, screenshot, test } from './fixtures.ts'
import { landmarksUnique, nothingOffScreenSideways, scoreWordsAgree } from './page-checks.ts'
import { closeAll, createTopic, doctorWithPatient, expectPhase, roomUrl, scoreAll } from './session-helpers.ts'

const MARKUP = '\n\nAsk about:\n- **Onset** and duration\n- Red flags\n\n<img src=x onerror="window.__injected=1"><script>window.__injected=1</script>'

/**
 * Issue 16 in the browser: the case text's lists and bold (and markup shown as text), the doctor's scratchpad
 * for one round, the private self-assessment, and the debrief opened from the room and from the dashboard.
 */
test('the doctor keeps round notes, assesses themself, then opens the debrief of the round', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 2, { notesMarkup: MARKUP })
  const { doctor, patient, code } = await doctorWithPatient(browser, request, topic.name)
  const d = doctor.page
  const p = patient.page
  await doctor.post(`/sessions/${code}/start`)
  await d.goto(roomUrl(code))
  await expectPhase(d, 'Reading')

  // The brief's list and bold are elements; the markup is text, and none of it ran.
  const notes = d.getByRole('article', { name: 'Case notes' })
  await expect(notes.getByRole('listitem').filter({ hasText: 'Red flags' })).toBeVisible()
  await expect(notes.locator('strong', { hasText: 'Onset' })).toBeVisible()
  await expect(notes.getByText('<script>window.__injected=1</script>', { exact: false })).toBeVisible()
  expect(await d.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined()
  await expect(notes.locator('img, script')).toHaveCount(0)

  // The scratchpad survives a reload and the move to the consultation.
  await d.getByLabel('My notes').fill('Ask about the bacon roll')
  await d.reload()
  await expect(d.getByLabel('My notes')).toHaveValue('Ask about the bacon roll')
  await d.getByRole('button', { name: 'Skip to Consultation' }).click()
  await expectPhase(d, 'Consultation')
  await expect(d.getByLabel('My notes')).toHaveValue('Ask about the bacon roll')

  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  await expectPhase(d, 'Feedback')
  const self = d.getByRole('form', { name: 'Assess yourself (private)' })
  await scoreAll(d, [1, 2, 3])
  await self.getByLabel('Additional comments').fill('I forgot the safety net')
  await d.getByRole('button', { name: 'Save my self-assessment' }).click()
  await expect(d.getByText('Self-assessment saved.')).toBeVisible()
  await expect(d.getByRole('button', { name: 'Save my self-assessment' })).toBeFocused()
  await screenshot(d, 'self-assessment')

  // The patient scores and asks for the next case: round 1 is over.
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Feedback')
  await scoreAll(p, [4, 3, 2])
  await p.getByRole('radio', { name: /^Good/ }).check()
  await p.getByRole('checkbox', { name: /^Time/ }).check()
  await p.getByRole('button', { name: 'Submit & New Case' }).click()
  await expectPhase(d, 'Reading')
  await expect(d.getByLabel('My notes')).toHaveValue('', { timeout: 10_000 })

  // From the room: the debrief opens in a new tab.
  const link = d.getByRole('link', { name: /^Round 1: / })
  const [debriefTab] = await Promise.all([doctor.context.waitForEvent('page'), link.click()])
  await expect(debriefTab.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Debrief: ${topic.name} case [0-9a-f]{8}$`))
  // The exam's marks lead, as on the dashboard (issue 29): no interpersonal criterion here, so no score of 12.
  const result = debriefTab.getByRole('table', { name: 'Station result' })
  await expect(result.getByRole('columnheader')).toHaveText(['Mark', /\(Patient\)$/, 'You (self-assessment)'])
  const resultRow = (name: string) => result.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell')
  await expect(resultRow('Station score')).toHaveText([/–$/, /–$/])
  await expect(resultRow('Data gathering')).toHaveText([/A \(4\)$/, /D \(1\)$/])
  await expect(resultRow('Clinical management')).toHaveText([/B \(3\)$/, /B \(3\)$/])
  await expect(resultRow('Global judgement')).toHaveText([/Good$/, /–$/])
  await expect(resultRow('Feedback areas')).toHaveText([/Time$/, /–$/])
  const scores = debriefTab.getByRole('table', { name: /^Mark scheme/ })
  await expect(scores.getByRole('row', { name: /^Data gathering/ }).getByRole('cell')).toHaveText([/4 \/ 4 · Excellent$/, /1 \/ 4 · Poor$/])
  await expect(scores.getByRole('row', { name: /^Management/ }).getByRole('cell')).toHaveText([/2\.5 \/ 4 · Good$/, /2\.5 \/ 4 · Good$/])
  await expect(debriefTab.getByText('Overall')).toHaveCount(0)
  expect(await scoreWordsAgree(debriefTab)).toBe(8)
  await landmarksUnique(debriefTab)
  await screenshot(debriefTab, 'debrief-1280')
  await expect(debriefTab.getByText('I forgot the safety net')).toBeVisible()
  await expect(debriefTab.getByText(/PATIENT-SCRIPT-/)).toBeVisible()
  await expect(debriefTab.getByRole('heading', { name: 'Examination findings' })).toBeVisible()
  await expect(debriefTab.getByText(/BP 150\/95/)).toBeVisible()
  // On a phone each row stacks its sheets: the self-assessment is on screen, not behind a sideways scroll.
  await debriefTab.setViewportSize({ width: 360, height: 740 })
  await nothingOffScreenSideways(debriefTab)
  await landmarksUnique(debriefTab)
  const selfScore = scores.getByRole('row', { name: /^Data gathering/ }).getByRole('cell').last()
  await selfScore.scrollIntoViewIfNeeded()
  await expect(selfScore).toBeInViewport({ ratio: 1 })
  await expect(selfScore).toContainText('You (self-assessment)')
  await screenshot(debriefTab, 'debrief-phone')

  // From the dashboard's feedback card; and never for the patient.
  await d.goto('/dashboard')
  await d.getByRole('link', { name: /Open the debrief/ }).click()
  await expect(d.getByRole('table', { name: 'Station result' }).getByRole('columnheader', { name: 'You (self-assessment)' })).toBeVisible()
  await p.goto(`/session/${code}/debrief/1`)
  await expect(p.getByRole('alert')).toHaveText('There is no debrief of this round for you')
  await closeAll([doctor, patient])
})
