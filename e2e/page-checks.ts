import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { scoreWord } from '../schemas/session/feedback-scores.ts'
import { expect, noHorizontalScroll } from './fixtures.ts'

/**
 * Checks of what a page shows, for issue 29: nothing off-screen sideways (also inside a box that scrolls on its
 * own, which noHorizontalScroll cannot see), unique landmarks (axe's landmark-unique), words that never break in
 * the middle, and one word for each 0-4 score.
 */

/** Every element drawn within the viewport's width: nothing a reader has to scroll sideways to, however boxed. */
export async function nothingOffScreenSideways(page: Page) {
  await noHorizontalScroll(page)
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect()
        // One pixel or less: visually hidden text, there for screen readers.
        const drawn = box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden'
        return drawn && (box.right > width + 0.5 || box.left < -0.5)
      })
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`)
  })
  expect(outside, 'drawn beyond the screen sideways').toEqual([])
}

const LANDMARK = /^\s*- (banner|complementary|contentinfo|form|main|navigation|region|search)(?: "([^"]*)")?/gm

/** No two landmarks of the same role and name, as a screen reader's landmark list shows them. */
export async function landmarksUnique(page: Page) {
  const snapshot = await page.locator('body').ariaSnapshot()
  const landmarks = [...snapshot.matchAll(LANDMARK)].map(([, role, name]) => `${role} "${name ?? ''}"`)
  expect(landmarks.length, snapshot).toBeGreaterThan(0)
  expect(landmarks.filter((landmark, index) => landmarks.indexOf(landmark) !== index), `landmarks: ${landmarks.join(', ')}`).toEqual([])
}

/** Each word of these elements' text on one line: "Adequat e" is a word broken in two. */
export async function wordsUnbroken(elements: Locator) {
  expect(await elements.count(), 'something to check').toBeGreaterThan(0)
  const broken = await elements.evaluateAll((all) =>
    all.flatMap((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const split: string[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
          if (lines.size > 1) split.push(word[0])
        }
      }
      return split
    }),
  )
  expect(broken, 'words broken across lines').toEqual([])
}

/**
 * Every "2 / 4 · Adequate" the page shows names its score with the feedback form's word (scoreWord); returns how
 * many it read, so a test can make sure it read some.
 */
export async function scoreWordsAgree(page: Page): Promise<number> {
  const text = await page.locator('body').innerText()
  const shown = [...text.matchAll(/(\d+(?:\.\d+)?) \/ 4 · (Not done|[A-Z][a-z]+)/g)].map(([, score, word]) => `${score}: ${word}`)
  expect(shown, 'each score with its word').toEqual(shown.map((pair) => `${pair.split(':')[0]}: ${scoreWord(Number(pair.split(':')[0]))}`))
  return shown.length
}

/** The feedback form's steps: each shows its score and the word the dashboard and the debrief use for it. */
export async function formStepsAgree(page: Page) {
  const steps = await page.locator('label:has(input[type=radio])').allInnerTexts()
  const scored = steps.map((step) => step.trim().match(/^(\d)\s+(.+)$/)).filter((match) => match !== null)
  expect(scored.length, 'score steps on the form').toBeGreaterThan(0)
  expect(scored.map(([, score, word]) => `${score}: ${word}`)).toEqual(scored.map(([, score]) => `${score}: ${scoreWord(Number(score))}`))
}

/** What axe finds on the page as it is now, as "rule: target" lines, so a failure names each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`))
}
