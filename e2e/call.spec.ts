import { callLaunchOptions, expectMediaFlowingIn, expectRemoteTiles, joinCall, mediaBytes, watchPeerConnections } from './call-helpers.ts'
import { expect, test } from './fixtures.ts'
import { closeAll, createTopic, newPlayer, roomUrl, sessionByApi } from './session-helpers.ts'

test.use({ launchOptions: callLaunchOptions })

test('three participants talk: each sees two remote tiles and receives audio and video from both; mute stops the audio; a reload rejoins', async ({ browser, request }) => {
  // 16 s alone; CI's full run (load ~20) once took it past 120 s.
  test.setTimeout(240_000)
  const topic = await createTopic(request, 1)
  // The observer is on a phone: the tiles become a strip.
  const players = await Promise.all(['doctor', 'patient', 'observer'].map((label) => newPlayer(browser, request, label, label === 'observer' ? { width: 360, height: 740 } : undefined)))
  const [doctor, patient, observer] = players
  const code = await sessionByApi(doctor, topic.name, [
    [patient, 'patient'],
    [observer, 'observer'],
  ])
  for (const player of players) {
    await watchPeerConnections(player.context)
    await player.page.goto(roomUrl(code))
  }
  await joinCall(players.map((player) => player.page))
  // The observer watches: its camera starts off until it turns it on.
  const observerCamera = observer.page.getByRole('button', { name: 'Camera off' })
  await expect(observerCamera).toHaveAttribute('aria-pressed', 'true')
  await observerCamera.click()
  for (const player of players) await expectMediaFlowingIn(player.page, 2)
  const strip = await Promise.all((await observer.page.locator('[data-call-tile]').all()).map((tile) => tile.boundingBox()))
  expect(new Set(strip.map((box) => box?.y)).size, 'three tiles side by side on a 360 px screen').toBe(1)
  expect(Math.max(...strip.map((box) => box!.x + box!.width))).toBeLessThanOrEqual(360)

  // The doctor's telephone station: every camera goes off, and the others cannot turn theirs back on.
  await doctor.page.getByRole('button', { name: 'Telephone station' }).click()
  await expect(patient.page.getByText('Telephone station: every camera is off.')).toBeVisible()
  await expect(patient.page.getByRole('button', { name: 'Camera off' })).toBeDisabled()
  await doctor.page.getByRole('button', { name: 'Telephone station' }).click()
  await expect(patient.page.getByRole('button', { name: 'Camera off' })).toBeEnabled()

  // Muted: the patient sends no audio bytes at all, and the others see it.
  const patientMicrophone = patient.page.getByRole('button', { name: 'Mute microphone' })
  await patientMicrophone.click()
  await expect(doctor.page.getByRole('figure', { name: new RegExp(patient.account.name) }).getByText('Muted')).toBeVisible()
  let previous = -1
  await expect
    .poll(
      async () => {
        const sent = (await mediaBytes(patient.page, 'outbound')).reduce((sum, b) => sum + b.audio, 0)
        const still = sent === previous
        previous = sent
        return still
      },
      { intervals: [1000], timeout: 15_000, message: "the patient's audio bytes sent stop growing" },
    )
    .toBe(true)

  await patientMicrophone.click()

  // The observer reloads: it joins the call again by itself (camera off, as an observer starts), and media flows
  // both ways again.
  await observer.page.reload()
  await expectRemoteTiles(observer.page, 2)
  await expectMediaFlowingIn(observer.page, 2)
  await expectMediaFlowingIn(doctor.page, 2, ['audio'])
  await closeAll(players)
})

test('a case that is a telephone consultation runs the telephone station by itself: no camera sends, the doctor’s switch is held on', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const topic = await createTopic(request, 1, { telephone: true })
  const players = await Promise.all(['doctor', 'patient'].map((label) => newPlayer(browser, request, label)))
  const [doctor, patient] = players
  const code = await sessionByApi(doctor, topic.name, [[patient, 'patient']])
  await doctor.post(`/sessions/${code}/start`)
  for (const player of players) {
    await watchPeerConnections(player.context)
    await player.page.goto(roomUrl(code))
  }
  await joinCall(players.map((player) => player.page))
  await expect(patient.page.getByText('Telephone consultation: every camera stays off for this case.')).toBeVisible()
  await expect(patient.page.getByRole('button', { name: 'Camera off' })).toBeDisabled()
  const doctorSwitch = doctor.page.getByRole('button', { name: 'Telephone station' })
  await expect(doctorSwitch).toHaveAttribute('aria-pressed', 'true')
  await expect(doctorSwitch).toBeDisabled()
  // They hear each other, and while the audio keeps arriving not one byte of video does.
  for (const player of players) await expectMediaFlowingIn(player.page, 1, ['audio'])
  for (const player of players) expect((await mediaBytes(player.page, 'inbound')).map((bytes) => bytes.video)).toEqual([0])
  await closeAll(players)
})
