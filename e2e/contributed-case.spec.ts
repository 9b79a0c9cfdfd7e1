import type { APIRequestContext, Page } from '@playwright/test'
import { adminApi, admin, group } from './admin-helpers.ts'
import { expect, loginByApi, newAccount, registerAccount, signInAs, test } from './fixtures.ts'
import { axeViolations, nothingOffScreenSideways } from './page-checks.ts'
import { unique } from './session-helpers.ts'

/** Calls the API as an account, failing loudly on a refusal. */
async function apiAs(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` }
  // Typed loosely: the test reads the JSON the spec documents.
  const check = async (response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> => {
    expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true)
    return response.json()
  }
  return {
    get: async (path: string) => check(await request.get(`/api${path}`, { headers })),
    post: async (path: string, data: unknown = {}) => check(await request.post(`/api${path}`, { headers, data })),
    put: async (path: string, data: unknown) => check(await request.put(`/api${path}`, { headers, data })),
  }
}

/** The author writes the whole station in the editor: one fact, and a checklist item in each domain. */
async function writeStation(page: Page, topic: string, title: string, openingLine: string) {
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: topic })
  await page.getByRole('textbox', { name: 'Description' }).fill('An adult at the GP surgery with a cough.')
  await page.getByRole('combobox', { name: 'Station type' }).selectOption('HISTORY')
  await page.getByRole('checkbox', { name: 'Respiratory' }).check()
  await page.getByRole('textbox', { name: 'Setting' }).fill('GP surgery. You are the FY2 doctor.')
  await page.getByRole('textbox', { name: 'Task 1' }).fill('Take a focused history')
  await page.getByRole('textbox', { name: 'Who the patient is' }).fill('You are Alex, 45, a bus driver with a cough for three weeks.')
  await page.getByRole('textbox', { name: 'Opening line' }).fill(openingLine)
  await page.getByRole('button', { name: 'Add fact' }).click()
  await group(page.locator('main'), 'Fact 1').getByRole('textbox', { name: 'What the patient says' }).fill('The cough is dry and worse at night')
  for (const [index, domain, item] of [
    [1, 'DATA_GATHERING', 'Asks about red flags such as weight loss and blood in the sputum'],
    [2, 'CLINICAL_MANAGEMENT', 'Arranges a chest X-ray'],
    [3, 'INTERPERSONAL', 'Explores the worry about the job'],
  ] as const) {
    await page.getByRole('button', { name: 'Add checklist item' }).click()
    const checklistItem = group(page.locator('main'), `Checklist item ${index}`)
    await checklistItem.getByRole('textbox', { name: 'What the examiner looks for' }).fill(item)
    await checklistItem.getByRole('combobox', { name: 'Exam domain' }).selectOption(domain)
  }
}

/**
 * Issue 35's first "done when": a candidate drafts and submits a case, a reviewer asks for a change, the candidate
 * makes it, the reviewer approves, and a new session draws the case; an admin's edit afterwards leaves that
 * session's debrief showing the text its participants read (the event log's side: test/sessions/case-versions-played).
 */
test('a contributed case goes through review into a session, which keeps its version after an edit', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const api = await adminApi(request)
  const adminToken = (await loginByApi(request, admin())).token
  const asAdmin = await apiAs(request, adminToken)
  const topic = (await api.createCategory(unique('E2E respiratory'))).name
  const title = unique('Three weeks of cough')

  // The candidate writes a draft, saves it half done, then submits it whole.
  const author = await registerAccount(request, newAccount('author'))
  await signInAs(page, request, author, '/dashboard')
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'My Cases' }).click()
  await expect(page.getByRole('heading', { name: 'My cases', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'Write a new case' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText(/^Status: /)).toContainText('Draft')
  await expect(page).toHaveURL(/\/my-cases\/\d+$/)
  await page.getByRole('button', { name: 'Submit for review' }).click()
  // Refused whole, the first problem focused and each named by its field; nothing is submitted.
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeFocused()
  await expect(page.getByText('Category is required')).toBeVisible()
  await expect(page.getByText(/^Status: /)).toContainText('Draft')
  await writeStation(page, topic, title, 'I just cannot stop coughing.')
  await page.getByRole('radio', { name: 'Stay anonymous' }).check()
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText(/^Status: /)).toContainText('Waiting for review')
  const contributionUrl = page.url()

  // A reviewer (granted the role by an admin) asks for a change.
  const reviewerAccount = await registerAccount(request, newAccount('reviewer'))
  const reviewerId = (await asAdmin.get(`/admin/users?search=${encodeURIComponent(reviewerAccount.email)}`)).users[0].id
  await asAdmin.put(`/admin/users/${reviewerId}/role`, { role: 'REVIEWER' })
  const reviewerContext = await browser.newContext()
  const reviewer = await reviewerContext.newPage()
  await signInAs(reviewer, request, reviewerAccount, '/review')
  await expect(reviewer.getByRole('heading', { name: 'Review cases', level: 1 })).toBeVisible()
  await reviewer.getByRole('list', { name: 'Contributed cases' }).getByRole('link', { name: title }).click()
  await reviewer.getByRole('radio', { name: 'Patient' }).check()
  await expect(reviewer.getByRole('region', { name: "The patient's view" })).toContainText('I just cannot stop coughing.')
  await reviewer.getByRole('textbox', { name: 'Message to the author' }).fill('Please give the patient an opening line that mentions the night-time cough.')
  await reviewer.getByRole('button', { name: 'Request changes' }).click()
  await expect(reviewer.getByText(/^Status: /)).toContainText('Changes requested')

  // The author sees the request, makes the change and submits again.
  await page.goto('/my-cases')
  await expect(page.getByRole('list', { name: 'Your cases' }).getByRole('listitem').filter({ hasText: title })).toContainText('Changes requested: Please give the patient an opening line')
  await page.goto(contributionUrl)
  await page.getByRole('textbox', { name: 'Opening line' }).fill('This cough keeps me up every night.')
  await page.getByRole('textbox', { name: 'Note to the reviewer (optional)' }).fill('Opening line changed.')
  await page.getByRole('button', { name: 'Submit for review' }).click()
  await expect(page.getByText(/^Status: /)).toContainText('Waiting for review')
  await nothingOffScreenSideways(page)
  expect(await axeViolations(page)).toEqual([])

  // The reviewer approves it: it is in the bank, anonymous, as version 1.
  await reviewer.reload()
  await reviewer.getByRole('radio', { name: 'Patient' }).check()
  await expect(reviewer.getByRole('region', { name: "The patient's view" })).toContainText('This cough keeps me up every night.')
  await expect(reviewer.getByRole('list', { name: 'Review history' })).toContainText('Opening line changed.')
  await reviewer.getByRole('button', { name: 'Approve' }).click()
  await reviewer.getByRole('dialog', { name: 'Approve this case?' }).getByRole('button', { name: 'Approve' }).click()
  await expect(reviewer.getByText(/^Status: /)).toContainText('Approved')
  await reviewerContext.close()
  const inBank = (await api.findCase(title))!
  expect([inBank.version, inBank.contributorName, inBank.station?.patient.openingLine]).toEqual([1, null, 'This cough keeps me up every night.'])

  // A new session on the topic draws it; its round is scored, so the doctor has a debrief.
  const accounts = await Promise.all(['doctor', 'patient', 'observer'].map((label) => registerAccount(request, newAccount(label))))
  const [doctor, patient, observer] = await Promise.all(accounts.map(async (account) => apiAs(request, (await loginByApi(request, account)).token)))
  const { sessionCode: code } = await doctor.post('/sessions', { title: unique('Practice'), selectedTopics: [topic] })
  await doctor.post(`/sessions/${code}/configure`, { sessionType: 'TOPIC', selectedTopics: [topic], readingTime: 1, consultationTime: 5, timingType: 'COUNTDOWN', recallDate: '' })
  await patient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  await observer.post(`/sessions/${code}/join-with-role`, { role: 'observer' })
  await doctor.post(`/sessions/${code}/start`)
  const drawn = (await patient.get(`/sessions/${code}`)).selectedCase
  expect(drawn.id).toBe(inBank.id)
  expect(drawn.patientNotes).toContain('This cough keeps me up every night.')
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'READING' })
  await doctor.post(`/sessions/${code}/skip-phase`, { phase: 'CONSULTATION' })
  const criteriaScores = drawn.feedbackCriteria.map((criterion: { id: string; name: string }) => ({ criterionId: criterion.id, criterionName: criterion.name, score: 3, subScores: [] }))
  await observer.post('/feedback/submit', { sessionCode: code, comment: 'Good', criteriaScores, globalJudgement: 'SATISFACTORY', feedbackAreas: [] })
  await patient.post('/feedback/submit', { sessionCode: code, comment: 'Good', criteriaScores, requestNewCase: false })
  await doctor.post(`/sessions/${code}/end`)

  // An admin edits the case: version 2. The session's debrief still shows what was played.
  await asAdmin.put(`/cases/${inBank.id}`, { ...inBank, title: `${title} (edited)`, station: { ...inBank.station, patient: { ...inBank.station!.patient, openingLine: 'EDITED opening line' } } })
  expect((await api.findCase(`${title} (edited)`))!.version).toBe(2)
  const doctorContext = await browser.newContext()
  const doctorPage = await doctorContext.newPage()
  await signInAs(doctorPage, request, accounts[0], `/session/${code}/debrief/1`)
  await expect(doctorPage.getByRole('heading', { level: 1 })).toHaveText(`Debrief: ${title}`)
  await expect(doctorPage.getByText('This cough keeps me up every night.').first()).toBeVisible()
  await expect(doctorPage.getByText('EDITED opening line')).toHaveCount(0)
  await expect(doctorPage.getByText('Practice material contributed by a candidate (anonymous) and reviewed on this platform.')).toBeVisible()
  await doctorContext.close()
})
