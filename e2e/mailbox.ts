import { SMTPServer } from 'smtp-server'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { ReceivedMail } from '../test/helpers/smtp.ts'

/**
 * A real SMTP receiver for the server under test. It runs in the global setup (the runner process), and the
 * tests run in worker processes, so every message is written to a file that any worker can read.
 */
export async function startMailbox(directory: string) {
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: without STARTTLS advertised, nodemailer does not try to upgrade.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail: ReceivedMail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') }
        count += 1
        writeFileSync(path.join(directory, `${Date.now()}-${count}.json`), JSON.stringify(mail))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** In a test: the newest mail to `address`, waiting for it to arrive. */
export async function waitForMail(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
  const directory = process.env.E2E_MAIL_DIR
  if (!directory) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts (global setup)')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mails = readdirSync(directory)
      .sort()
      .reverse()
      .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as ReceivedMail)
    const mail = mails.find((m) => m.to.includes(address))
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
