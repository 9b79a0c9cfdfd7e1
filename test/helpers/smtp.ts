import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/** A real SMTP receiver on a free loopback port, collecting what it is sent. */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        waiters.splice(0).forEach((wake) => wake())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the first message to `address` that arrives (or has arrived). */
    async waitFor(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.find((m) => m.to.includes(address))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The reset link in a received mail (quoted-printable soft breaks undone). */
export function resetLinkIn(mail: ReceivedMail): URL {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = text.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)
  if (!match) throw new Error('no reset link in the mail')
  return new URL(match[0])
}
