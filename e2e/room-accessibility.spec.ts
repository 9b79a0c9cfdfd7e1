import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, roomOfThree, roomUrl, toFeedbackPhase, type Player } from './session-helpers.ts'
import { axeViolations } from './page-checks.ts'

/** Issue 29, items 4 and 9: axe in every phase of the room at both widths, marking by keyboard, the call on a phone. */

const PHONE = { width: 360, height: 740 }
const WIDTHS = [{ width: 1280, height: 800 }, PHONE]

/** Each player's room, at each width, as the phase leaves it: axe finds nothing. */
async function expectNoViolations(players: Player[], moment: string) {
  for (const viewport of WIDTHS) {
    for (const player of players) {
      await player.page.setViewportSize(viewport)
      expect(await axeViolations(player.page), `${moment}, ${player.account.name} at ${viewport.width} px`).toEqual([])
    }
  }
}

async function openRooms(players: Player[], code: string, phase: string) {
  await Promise.all(players.map((player) => player.page.goto(roomUrl(code))))
  for (const player of players) await expectPhase(player.page, phase)
}

test('axe finds nothing in the room, in every phase and after a refused submit, at 1280 and at 360 px', async ({ browser, request }) => {
  test.setTimeout(240_000)
  const topic = await createTopic(request, 2)
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  const everyone = [doctor, patient, observer]

  await openRooms(everyone, code, 'Waiting')
  await expectNoViolations(everyone, 'waiting')

  await doctor.page.getByRole('button', { name: 'Start Session' }).click()
  for (const player of everyone) await expectPhase(player.page, 'Reading')
  await expectNoViolations(everyone, 'reading')

  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  for (const player of everyone) await expectPhase(player.page, 'Consultation')
  await expectNoViolations(everyone, 'consultation')

  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  for (const player of everyone) await expectPhase(player.page, 'Feedback')
  await expectNoViolations(everyone, 'feedback')

  // Submitted with nothing marked: every empty slot and the judgement say so; still nothing for axe.
  await observer.page.getByRole('button', { name: 'Submit Feedback & Close' }).click()
  await expect(observer.page.getByText('Not scored yet').first()).toBeVisible()
  await expect(observer.page.getByText('Choose a judgement')).toBeVisible()
  await expectNoViolations([observer], 'after a refused submit')
  await closeAll(everyone)
})

/** Tab until `target` has focus, as a keyboard user would: never more presses than the page has stops. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

async function receivedFeedback(request: APIRequestContext, doctor: Player, code: string) {
  const response = await request.get('/api/feedback/received', { headers: { Authorization: `Bearer ${doctor.token}` } })
  const items = (await response.json()) as Array<{ sessionCode: string; fromUserRole: string; globalJudgement: string | null; comment: string; criteriaScores: Array<{ score: number | null; subScores: Array<{ score: number }> }> }>
  return items.filter((item) => item.sessionCode === code)
}

test('the observer marks the whole station by keyboard alone, on a phone', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  const o = observer.page
  await o.setViewportSize(PHONE)
  await toFeedbackPhase(doctor, code)
  await o.goto(roomUrl(code))
  await expectPhase(o, 'Feedback')

  // Each 0-4 scale: Tab into the group, Space takes 0, each right arrow one step up.
  for (const [item, score] of [
    ['Data gathering', 3],
    ['Plan', 2],
    ['Safety netting', 4],
  ] as const) {
    await tabTo(o, o.getByRole('radio', { name: `${item}: 0 of 4` }))
    await o.keyboard.press('Space')
    for (let step = 0; step < score; step++) await o.keyboard.press('ArrowRight')
    await expect(o.getByRole('radio', { name: new RegExp(`^${item}: ${score} of 4`) })).toBeChecked()
  }
  // The judgement is a required radiogroup: Unsatisfactory first, two steps on to Satisfactory.
  const judgement = o.getByRole('radiogroup', { name: /Global judgement/ })
  await expect(judgement).toHaveAttribute('aria-required', 'true')
  await tabTo(o, judgement.getByRole('radio').first())
  await o.keyboard.press('Space')
  await o.keyboard.press('ArrowDown')
  await o.keyboard.press('ArrowDown')
  await expect(judgement.getByRole('radio', { name: /^Satisfactory/ })).toBeChecked()
  // An area ticked with Space, the comment typed, then the submit button pressed with Enter.
  await tabTo(o, o.getByRole('checkbox', { name: /^Consultation/ }))
  await o.keyboard.press('Space')
  await expect(o.getByRole('checkbox', { name: /^Consultation/ })).toBeChecked()
  await tabTo(o, o.getByLabel('Additional comments'))
  await o.keyboard.type('Clear plan; check understanding at the end.')
  await tabTo(o, o.getByRole('button', { name: 'Submit Feedback & Close' }))
  await o.keyboard.press('Enter')
  await expect(o).toHaveURL(/\/dashboard$/)

  // The doctor sees a round's sheets once it is over.
  await doctor.post(`/sessions/${code}/end`)
  const [sheet] = await receivedFeedback(request, doctor, code)
  expect(sheet).toMatchObject({ fromUserRole: 'observer', globalJudgement: 'SATISFACTORY', comment: 'Clear plan; check understanding at the end.' })
  // The test case's scheme: Data gathering, then a criterion whose sub-criteria are Plan and Safety netting.
  expect(sheet.criteriaScores.flatMap((criterion) => [criterion.score, ...criterion.subScores.map((sub) => sub.score)]).filter((score) => score !== null)).toEqual([3, 2, 4])
  await closeAll([doctor, patient, observer])
})

/** Elements the room draws stuck to the screen (sticky or fixed) at this moment. */
async function stuckElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => ['sticky', 'fixed'].includes(getComputedStyle(element).position) && element.getBoundingClientRect().height > 0)
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`),
  )
}

test('on a phone the call never covers a control: it folds to a strip the user controls, and the clock is the one sticky bar', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1)
  const { doctor, patient, observer, code } = await roomOfThree(browser, request, topic.name)
  const d = doctor.page
  await d.setViewportSize(PHONE)
  await d.goto(roomUrl(code))
  await expectPhase(d, 'Waiting')
  await d.getByRole('button', { name: 'Join call' }).click()
  const hide = d.getByRole('button', { name: 'Hide call' })
  await expect(hide).toHaveAttribute('aria-expanded', 'true')
  await expect(d.getByRole('figure').first()).toBeVisible()

  // Scrolled to Start Session, the call is not drawn over it.
  const start = d.getByRole('button', { name: 'Start Session' })
  await start.scrollIntoViewIfNeeded()
  await expect(start).toBeInViewport({ ratio: 1 })
  const onTop = await start.evaluate((button) => {
    const box = button.getBoundingClientRect()
    return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('button') === button
  })
  expect(onTop, 'Start Session is what a tap on it reaches').toBe(true)

  // Folded: the tiles go (everyone is still heard), the microphone and the way back stay; the choice outlives a reload.
  await hide.click()
  const show = d.getByRole('button', { name: /^Show call \(\d\)$/ })
  await expect(show).toHaveAttribute('aria-expanded', 'false')
  await expect(d.getByRole('figure')).toHaveCount(0)
  await expect(d.getByRole('button', { name: 'Mute microphone' })).toBeVisible()
  await expect(d.getByRole('button', { name: 'Camera off' })).toHaveCount(0)
  await d.reload()
  await expectPhase(d, 'Waiting')
  await expect(show).toBeVisible()

  await start.click()
  await expectPhase(d, 'Reading')
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await expectPhase(d, 'Consultation')
  await d.mouse.wheel(0, 2000)
  await expect.poll(() => stuckElements(d), { message: 'only the clock sticks' }).toEqual([expect.stringContaining('time remaining')])
  await show.click()
  await expect(d.getByRole('figure').first()).toBeVisible()
  await closeAll([doctor, patient, observer])
})
