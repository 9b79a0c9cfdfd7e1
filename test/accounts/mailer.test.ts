import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { createMailer, resetPasswordMail } from '../../server/accounts/mailer.ts'

/** A logger that keeps what it was told. */
function recordingLog() {
  const lines: string[] = []
  const keep = (_fields: unknown, message: string) => void lines.push(message)
  return { lines, log: { info: keep, warn: keep } as never }
}

const mail = resetPasswordMail('ada@example.com', 'Ada', 'http://localhost:8080/reset-password?token=SECRET-TOKEN')

t.test('without SMTP_URL a mail goes to DATA_DIR/outbox; a local try-out also logs it so the link can be used', async (t) => {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'plab-outbox-'))
  const { lines, log } = recordingLog()
  await createMailer({ smtpUrl: null, from: 'x@y', outboxDir, log, logText: true }).send(mail)
  const [file] = readdirSync(outboxDir)
  t.match(readFileSync(path.join(outboxDir, file), 'utf8'), /To: ada@example.com[\s\S]*token=SECRET-TOKEN/)
  t.match(lines.join('\n'), /token=SECRET-TOKEN/)
})

t.test('in production the log names the outbox file but never carries the reset link', async (t) => {
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'plab-outbox-'))
  const { lines, log } = recordingLog()
  await createMailer({ smtpUrl: null, from: 'x@y', outboxDir, log, logText: false }).send(mail)
  t.equal(readdirSync(outboxDir).length, 1)
  t.notMatch(lines.join('\n'), /SECRET-TOKEN/)
  t.match(lines.join('\n'), /outbox/)
})
