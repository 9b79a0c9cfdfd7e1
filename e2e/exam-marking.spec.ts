import type { FeedbackReceivedItem } from '../schemas/session-wire.ts'
import { stationResult } from '../schemas/session/station-result.ts'
import { expect, registerAccount, screenshot, signInAs, test } from './fixtures.ts'
import { cumulativeLayoutShift, holdDashboardLists, observeLayoutShift, receivedFeedback } from './layout-shift.ts'
import { landmarksUnique, nothingOffScreenSideways, scoreWordsAgree, wordsUnbroken } from './page-checks.ts'
import { closeAll, createTopic, expectPhase, newPlayer, roomUrl, scoreAll, sessionByApi, toFeedbackPhase } from './session-helpers.ts'

/**
 * Issue 17's done-means: the patient and the observer mark the same consultation far apart, the observer as the
 * exam's examiner (a judgement, and areas to say why), and the doctor sees both side by side with the station
 * result and every disagreement of 2 or more marked.
 */
test('patient and observer disagree, and the doctor sees it on the dashboard', async ({ browser, request }) => {
  test.setTimeout(120_000)
  const topic = await createTopic(request, 1, { rapport: true })
  const [theCase] = topic.cases
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const observer = await newPlayer(browser, request, 'observer')
  const code = await sessionByApi(doctor, topic.name, [[patient, 'patient'], [observer, 'observer']])
  await toFeedbackPhase(doctor, code)

  const p = patient.page
  await p.goto(roomUrl(code))
  await expectPhase(p, 'Feedback')
  await scoreAll(p, [4, 4, 4])
  await p.getByRole('radio', { name: 'Rapport: 4 of 4' }).check()
  await p.getByRole('radio', { name: /^Good/ }).check()
  await p.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(p).toHaveURL(/\/dashboard$/)

  const o = observer.page
  await o.goto(roomUrl(code))
  await expectPhase(o, 'Feedback')
  await scoreAll(o, [1, 2, 1])
  await o.getByRole('radio', { name: 'Rapport: 3 of 4' }).check()
  const submit = o.getByRole('button', { name: 'Submit Feedback & Close' })
  await submit.click()
  await expect(o.getByText('As the observer, give a global judgement')).toBeVisible()
  await expect(o.getByRole('radio', { name: /^Unsatisfactory/ }), 'focus is taken to what is missing').toBeFocused()
  await expect(o.getByRole('radio', { name: /^Not given/ }), 'the examiner cannot leave it out').toHaveCount(0)
  await o.getByRole('radio', { name: /^Borderline/ }).check()
  await submit.click()
  await expect(o.getByText('tick at least one feedback area to say why the performance was Borderline')).toBeVisible()
  await expect(o.getByRole('checkbox', { name: /^Consultation/ })).toBeFocused()
  await o.getByRole('checkbox', { name: /^Time Poor time management/ }).check()
  await o.getByRole('checkbox', { name: /^Language/ }).check()
  // Every label fits without breaking inside a word ("Unsatisfactor y" at 1280, issue 29).
  await wordsUnbroken(o.locator('form label'))
  await screenshot(o, 'exam-marking-observer-form')
  await submit.click()
  await expect(o).toHaveURL(/\/dashboard$/)

  await doctor.post(`/sessions/${code}/end`)
  const d = doctor.page
  await d.goto('/dashboard')
  const station = d.getByRole('listitem').filter({ has: d.getByRole('heading', { name: new RegExp(`^${theCase.title}`) }) })
  // Data gathering 4 v 1, Management 4 v 1.5 with Plan 4 v 2 and Safety netting 4 v 1, and the two domains.
  await expect(station.getByText('6 scores differ by 2 or more between the raters')).toBeVisible()
  await station.getByRole('button', { name: /^Scores and comments/ }).click()
  const fromPatient = station.getByRole('listitem', { name: `Feedback from ${patient.account.name}` })
  const fromObserver = station.getByRole('listitem', { name: `Feedback from ${observer.account.name}` })
  await expect(fromPatient.getByRole('group', { name: 'Station result' })).toContainText('12 / 12')
  await expect(fromPatient).toContainText('Judgement: Good')
  const observerResult = fromObserver.getByRole('group', { name: 'Station result' })
  await expect(observerResult).toContainText('6 / 12')
  const domain = (name: string) => observerResult.getByRole('listitem').filter({ hasText: name })
  await expect(domain('Data gathering')).toHaveText('Data gathering DisagreementD (1)')
  await expect(domain('Clinical management')).toHaveText('Clinical management DisagreementC (2)')
  await expect(domain('Interpersonal'), 'one grade apart is no disagreement').toHaveText('Interpersonal B (3)')
  await expect(observerResult).toContainText('Judgement: Borderline')
  await expect(observerResult.getByRole('list', { name: 'Feedback areas' }).getByRole('listitem')).toHaveText(['Language', 'Time'])
  // Sub-criteria are shown under their criterion, each with its own score.
  await expect(fromObserver.getByRole('list', { name: 'Management: sub-criteria' }).getByRole('listitem')).toHaveText([/^Plan.*2 \/ 4/, /^Safety netting.*1 \/ 4/])
  await expect(fromObserver.getByText('Disagreement', { exact: true })).toHaveCount(6)
  await expect(fromPatient.getByText('Disagreement', { exact: true })).toHaveCount(6)

  // Side by side on a wide screen, the patient first.
  const [left, right] = [await fromPatient.boundingBox(), await fromObserver.boundingBox()]
  expect(Math.abs(left!.y - right!.y)).toBeLessThan(2)
  expect(left!.x).toBeLessThan(right!.x)
  await screenshot(d, 'exam-marking-dashboard')
  await closeAll([doctor, patient, observer])
})

test('the dashboard shows four stations at a time and adds more below, moving nothing', async ({ page, request }) => {
  const account = await registerAccount(request)
  const lists = await holdDashboardLists(page, [], receivedFeedback(10))
  await observeLayoutShift(page)
  await signInAs(page, request, account)
  lists.release()
  const received = page.getByRole('region', { name: 'Feedback Received' })
  const stations = received.getByRole('heading', { level: 3 })
  await expect(stations).toHaveCount(4)
  expect(await cumulativeLayoutShift(page)).toBeLessThan(0.1)
  // Where the first station sits on the page (not in the viewport: clicking scrolls to the button).
  const firstStationTop = () => stations.first().evaluate((card) => card.getBoundingClientRect().top + window.scrollY)
  const firstBefore = await firstStationTop()

  await received.getByRole('button', { name: 'Show 4 more stations' }).click()
  await expect(stations).toHaveCount(8)
  await expect(received.getByText('8 of 10 stations shown')).toBeVisible()
  await received.getByRole('button', { name: 'Show 2 more stations' }).click()
  await expect(stations).toHaveCount(10)
  await expect(received.getByRole('button', { name: /^Show \d+ more/ })).toHaveCount(0)
  expect(await firstStationTop(), 'what was read stays where it was').toBe(firstBefore)
})

/** Four stations, each scored by a patient (every criterion 4, so 12 / 12) and an observer (2, 2 and 1: 5 / 12). */
function fourStationsTwoRaters(): FeedbackReceivedItem[] {
  return receivedFeedback(8).map((item, index) => {
    const patient = index % 2 === 0
    const criteriaScores = item.criteriaScores.map((criterion, at) => ({ ...criterion, score: patient ? 4 : [2, 2, 1][at] }))
    return {
      ...item,
      sessionId: Math.floor(index / 2) + 1,
      sessionCode: `ABC${Math.floor(index / 2)}EF`,
      fromUser: patient ? `Patient ${index}` : `Observer ${index}`,
      fromUserRole: patient ? 'patient' : 'observer',
      criteriaScores,
      overallPerformance: patient ? 12 : 5,
      ...stationResult(criteriaScores),
      globalJudgement: patient ? null : 'BORDERLINE',
      feedbackAreas: patient ? [] : ['LANGUAGE', 'TIME'],
    }
  })
}

test("the dashboard leads with the exam's marks, one station folded under each heading, at 360 and 1280 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const lists = await holdDashboardLists(page, [], fourStationsTwoRaters())
  await signInAs(page, request, await registerAccount(request))
  lists.release()
  const received = page.getByRole('region', { name: 'Feedback Received' })
  const disclosures = received.getByRole('button', { name: /^Scores and comments for Chest pain on exertion, round 1$/ })
  await expect(disclosures).toHaveCount(4)
  for (const disclosure of await disclosures.all()) await expect(disclosure).toHaveAttribute('aria-expanded', 'false')
  await expect(received.getByRole('listitem', { name: /^Feedback from/ }), 'the sheets are folded').toHaveCount(0)
  // At a glance, before opening: each rater's score out of 12 and the judgement; never the spec's sum beside it.
  const first = received.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first()
  await expect(first.getByRole('list', { name: 'Scores out of 12' }).getByRole('listitem')).toHaveText([/Patient 0\s*12 \/ 12$/, /Observer 1\s*5 \/ 12 · Borderline$/])
  expect(await page.evaluate(() => document.documentElement.scrollHeight), 'four folded stations, not 16,729 px of sheets').toBeLessThan(2600)
  await nothingOffScreenSideways(page)
  await landmarksUnique(page)
  await screenshot(page, 'dashboard-stations-folded-360')

  await disclosures.first().click()
  await expect(disclosures.first()).toHaveAttribute('aria-expanded', 'true')
  await disclosures.nth(1).focus()
  await page.keyboard.press('Enter')
  await expect(disclosures.nth(1)).toHaveAttribute('aria-expanded', 'true')
  const sheets = received.getByRole('listitem', { name: /^Feedback from/ })
  await expect(sheets).toHaveCount(4)
  await expect(sheets.first().getByRole('group', { name: 'Station result' })).toContainText('12 / 12')
  await expect(sheets.nth(1)).toContainText('2 / 4 · Adequate')
  await expect(sheets.nth(1)).toContainText('1 / 4 · Poor')
  for (const rival of ['criteria total', 'Strong', 'Developing', 'Needs work', 'Medium', '/ 20']) await expect(received).not.toContainText(rival)
  expect(await scoreWordsAgree(page)).toBe(12)
  await nothingOffScreenSideways(page)
  await landmarksUnique(page)
  await screenshot(page, 'dashboard-stations-open-360')

  await page.setViewportSize({ width: 1280, height: 800 })
  await landmarksUnique(page)
  await wordsUnbroken(received.getByRole('list', { name: 'Scores out of 12' }))
  await screenshot(page, 'dashboard-stations-open-1280')
  await disclosures.first().click()
  await expect(disclosures.first()).toHaveAttribute('aria-expanded', 'false')
  await expect(sheets).toHaveCount(2)
})
