import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, expectPhase, newPlayer, unique } from './session-helpers.ts'

/**
 * Issue 12: a host who added a topic to the Random chip the screen starts with was drawn cases of every topic.
 * Adding a topic now replaces Random, choosing Random replaces the topics, the summary says what will be drawn,
 * and the case the room plays is of the chosen topic.
 */
test('choosing a topic replaces Random, and the session plays a case of that topic', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 2)
  const other = await createTopic(request, 3)
  const doctor = await newPlayer(browser, request, 'doctor')
  const patient = await newPlayer(browser, request, 'patient')
  const d = doctor.page

  await d.goto('/session/create')
  await d.getByLabel('Session Title').fill(unique('Evening cardiology practice'))
  await d.getByRole('button', { name: 'Create Session' }).click()
  await expect(d).toHaveURL(/\/configure$/)
  const code = decodeURIComponent(new URL(d.url()).pathname.split('/')[2])
  const chips = d.getByRole('list', { name: 'Selected topics' }).getByRole('listitem')
  const summary = d.getByRole('region', { name: 'Summary' }).getByRole('status')
  const add = async (name: string) => {
    await d.getByLabel('Add a topic').selectOption(name)
    await d.getByRole('button', { name: 'Add', exact: true }).click()
  }
  await expect(chips).toHaveText([/^Random \(\d+ categories\)/])
  await expect(summary).toHaveText('Cases will be drawn from every topic at random')

  await add(topic.name)
  await expect(chips).toHaveText([new RegExp(`^${topic.name}`)])
  await expect(summary).toHaveText(`Cases will be drawn from ${topic.name}`)
  await add(other.name)
  await expect(summary).toHaveText(`Cases will be drawn from ${topic.name} and ${other.name}`)
  await add('Random')
  await expect(chips).toHaveText([/^Random/])
  await expect(summary).toHaveText('Cases will be drawn from every topic at random')
  await add(topic.name)
  await expect(chips).toHaveText([new RegExp(`^${topic.name}`)])
  await d.getByRole('button', { name: 'Start Practice Session' }).click()
  await expectPhase(d, 'Waiting')

  await patient.post(`/sessions/${code}/join-with-role`, { role: 'patient' })
  await d.getByRole('button', { name: 'Start Session' }).click()
  await expectPhase(d, 'Reading')
  const briefs = topic.cases.map((c) => c.doctorBrief)
  await expect(d.getByText(new RegExp(briefs.map((brief) => brief.split(':')[0]).join('|')))).toBeVisible()
  await closeAll([doctor, patient])
})
