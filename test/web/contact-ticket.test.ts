import t from 'tap'
import { CONTACT_MIN_FILL_SECONDS } from '../../schemas/contact.ts'
import { contactTicketHolder } from '../../web/components/landing/contact-ticket.ts'

/** A holder on a clock the test moves: sleeping moves it on, and records how long was waited. */
function holderOnClock(answers: Array<string | Error>) {
  let now = 0
  const waits: number[] = []
  let fetches = 0
  const holder = contactTicketHolder(
    async () => {
      const answer = answers[Math.min(fetches, answers.length - 1)]
      fetches += 1
      if (answer instanceof Error) throw answer
      return { ticket: answer }
    },
    () => now,
    async (ms) => {
      waits.push(ms)
      now += ms
    },
  )
  return { holder, waits, fetches: () => fetches, pass: (ms: number) => (now += ms) }
}

t.test('a visitor quicker than the minimum waits out the rest; a slower one does not wait', async (t) => {
  const quick = holderOnClock(['first'])
  quick.holder.prefetch()
  await Promise.resolve()
  quick.pass(1000)
  t.equal(await quick.holder.ready(), 'first')
  t.equal(quick.waits.length, 1)
  t.ok(quick.waits[0] > CONTACT_MIN_FILL_SECONDS * 1000 - 1000, `waited ${quick.waits[0]} ms, the rest of the minimum and a margin`)

  const slow = holderOnClock(['first'])
  slow.holder.prefetch()
  await Promise.resolve()
  slow.pass(60_000)
  t.equal(await slow.holder.ready(), 'first')
  t.same(slow.waits, [])
  t.equal(slow.fetches(), 1, 'the ticket fetched ahead is the one used')
})

t.test('a failed prefetch is asked again on send; a stale ticket is replaced', async (t) => {
  const flaky = holderOnClock([new Error('offline'), 'second', 'third'])
  flaky.holder.prefetch()
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(await flaky.holder.ready(), 'second')
  t.equal(flaky.waits.length, 1, 'a ticket fetched at send time still waits the minimum')
  flaky.holder.forget()
  t.equal(await flaky.holder.ready(), 'third')
  t.equal(flaky.fetches(), 3)
})
