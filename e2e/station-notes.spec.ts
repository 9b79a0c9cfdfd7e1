import { expect, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { closeAll, createTopic, expectPhase, roomOfThree, roomUrl } from './session-helpers.ts'

/**
 * Issue 32 in three browsers: the patient ticks the facts they tell, the observer marks the checklist as they
 * watch, the doctor sees neither during the round and reads both in time in the debrief once it is over.
 */
test('the patient ticks facts, the observer marks the checklist, the doctor reads them in the debrief', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 2, { station: true })
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  const [d, p, o] = [doctor.page, patient.page, observer.page]
  await doctor.post(`/sessions/${code}/start`)
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  for (const page of [d, p, o]) {
    await page.goto(roomUrl(code))
    await expectPhase(page, 'Consultation')
    // Every seat reads, with the case, that it is practice material (an admin wrote this one, no candidate).
    await expect(page.getByRole('article', { name: 'Case notes' }).getByText('Practice material for PLAB 2 preparation, not an official exam station.')).toBeVisible()
  }

  const facts = p.getByRole('region', { name: 'Your facts: tick each one as you tell it' })
  await expect(facts.getByText('Start with: Doctor, it hurts when I walk.')).toBeVisible()
  await expect(facts.getByText('Only if asked')).toHaveCount(1)
  await facts.getByRole('checkbox', { name: /father died/ }).check()
  await expect(facts.getByText(/^told at \d+:\d\d$/)).toBeVisible()

  const checklist = o.getByRole('region', { name: "Examiner's checklist: mark as you watch" })
  const painHistory = checklist.getByRole('group', { name: /^Takes a pain history/ })
  await painHistory.getByRole('radio', { name: 'Partly' }).check()
  await expect(painHistory.getByText(/\(marked at \d+:\d\d\)/)).toBeVisible()
  await checklist.getByRole('group', { name: /^Builds rapport/ }).getByRole('radio', { name: 'Done', exact: true }).check()
  // A reload keeps every mark: they are stored, not kept in the page.
  await o.reload()
  await expect(o.getByRole('group', { name: /^Takes a pain history/ }).getByRole('radio', { name: 'Partly' })).toBeChecked()

  // Both panels are usable on a phone and by assistive technology.
  for (const page of [p, o]) {
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await axeViolations(page)).toEqual([])
    await nothingOffScreenSideways(page)
    await page.setViewportSize({ width: 1280, height: 800 })
  }

  // The doctor's room has neither the facts nor the checklist.
  await expect(d.getByText('father died', { exact: false })).toHaveCount(0)
  await expect(d.getByText('Examiner\'s checklist', { exact: false })).toHaveCount(0)

  await d.getByRole('button', { name: 'End Consultation' }).click()
  await d.getByRole('dialog').getByRole('button', { name: /End Consultation/ }).click()
  await expectPhase(d, 'Feedback')
  await expectPhase(p, 'Feedback')
  for (const label of ['Takes a pain history', 'Explains the plan', 'Builds rapport']) await p.getByRole('radio', { name: `${label}: 2 of 4` }).check()
  // The observer's marks propose the grades and fill in the scores of the items marked; the rest is theirs to set.
  await expectPhase(o, 'Feedback')
  const proposal = o.getByRole('region', { name: 'Proposed from your checklist marks' })
  await expect(proposal).toContainText('Data gathering C, Clinical management –, Interpersonal A')
  await proposal.getByRole('button', { name: 'Use my marks as the scores' }).click()
  await expect(o.getByRole('radio', { name: 'Takes a pain history: 2 of 4' })).toBeChecked()
  await expect(o.getByRole('radio', { name: 'Builds rapport: 4 of 4' })).toBeChecked()
  await o.getByRole('radio', { name: 'Explains the plan: 3 of 4' }).check()
  await o.getByRole('radio', { name: /^Borderline/ }).check()
  await o.getByRole('checkbox', { name: /^Issues/ }).check()
  await o.getByRole('button', { name: /^Submit/ }).first().click()
  await p.getByRole('button', { name: 'Submit & New Case' }).click()
  await expectPhase(d, 'Reading')

  const link = d.getByRole('link', { name: /^Round 1: / })
  const [debrief] = await Promise.all([doctor.context.waitForEvent('page'), link.click()])
  const notes = debrief.getByRole('region', { name: 'The consultation in time' })
  await expect(notes.getByRole('list', { name: 'Notes in the order made' }).getByRole('listitem')).toHaveText([
    /^\d+:\d\d .* told: Your father died of a heart attack at 56$/,
    /^\d+:\d\d .* marked "Takes a pain history": Partly$/,
    /^\d+:\d\d .* marked "Builds rapport": Done$/,
  ])
  await expect(notes.getByText('Explains the plan (not marked)')).toBeVisible()
  await expect(notes.getByRole('heading', { name: 'Facts you did not ask for' })).toHaveCount(0)
  await closeAll([doctor, patient, observer])
})
