import type { Page, Route } from '@playwright/test'
import { stationResult } from '../schemas/session/station-result.ts'
import type { CriterionScore } from '../schemas/session/types.ts'
import type { ActiveSessionItem, FeedbackReceivedItem } from '../schemas/session-wire.ts'

/**
 * Cumulative layout shift as Lighthouse and Chrome's Web Vitals count it: the sum of every layout-shift entry not
 * caused by the user's own input. The observer starts before the page's first script, buffered, so nothing that
 * happens while the page loads is missed.
 */
export async function observeLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const shifts: PerformanceEntry[] = []
    const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries()))
    observer.observe({ type: 'layout-shift', buffered: true })
    Object.assign(window, { layoutShiftSoFar: () => [...shifts, ...observer.takeRecords()] })
  })
}

/** Reads the total once the frames now pending are painted (a shift is reported with the frame that shows it). */
export async function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const entries = (window as unknown as { layoutShiftSoFar(): Array<PerformanceEntry & { value: number; hadRecentInput: boolean }> }).layoutShiftSoFar()
    return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0)
  })
}

/**
 * Holds the dashboard's two list requests until `release()`, then answers them with these items: the page is
 * seen in its loading state for certain, and then with cards that are taller on a phone than on a desktop.
 */
export async function holdDashboardLists(page: Page, sessions: ActiveSessionItem[], feedback: FeedbackReceivedItem[]) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const answer = (body: unknown) => async (route: Route) => {
    await released
    await route.fulfill({ json: body })
  }
  await page.route('**/api/sessions/user/active', answer(sessions))
  await page.route('**/api/feedback/received', answer(feedback))
  return { release }
}

export function activeSessions(count: number): ActiveSessionItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `Evening practice with a fairly long title ${index + 1}`,
    code: `ABC${index}EF`,
    status: 'IN_PROGRESS',
    phase: 'CONSULTATION',
    createdAt: '2026-11-20T18:30:00.000Z',
    startTime: '2026-11-20T18:35:00.000Z',
    userRole: 'DOCTOR',
    isHost: index === 0,
    participantCount: 3,
    otherParticipants: ['Sam Patient', 'Ola Observer'],
    plannedStartsAt: null,
  }))
}

export function receivedFeedback(count: number): FeedbackReceivedItem[] {
  const criteriaScores: CriterionScore[] = [
    { criterionId: 'c1', criterionName: 'Data gathering', domain: 'DATA_GATHERING', score: 3, subScores: [] },
    { criterionId: 'c2', criterionName: 'Management', domain: 'CLINICAL_MANAGEMENT', score: 3, subScores: [] },
    { criterionId: 'c3', criterionName: 'Rapport', domain: 'INTERPERSONAL', score: 2, subScores: [] },
  ]
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    sessionId: index + 1,
    sessionCode: `ABC${index}EF`,
    sessionTitle: 'Evening practice',
    fromUser: `Observer ${index + 1}`,
    fromUserEmail: null,
    fromUserRole: 'observer',
    toUser: 'Test user',
    toUserEmail: null,
    comment: 'Clear explanation of the diagnosis; check understanding before moving on to the plan.',
    overallPerformance: 8,
    timestamp: '2026-11-20T19:00:00.000Z',
    criteriaScores,
    roundNumber: 1,
    caseTitle: 'Chest pain on exertion',
    caseId: 1,
    category: 'Cardiology',
    ...stationResult(criteriaScores),
    globalJudgement: 'BORDERLINE',
    feedbackAreas: ['LANGUAGE', 'TIME'],
  }))
}
