import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import dgram from 'node:dgram'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** The ports of this repository's range given to the relay test: the listener, then the relay ports. */
const LISTENING_PORT = 41470
const RELAY_PORTS = { min: 41471, max: 41499 }

/**
 * Debian's coturn on 127.0.0.1 with a generated static-auth-secret (the TURN REST API scheme of
 * `use-auth-secret`), no TLS, no CLI, its user database and config in a temporary folder. Loopback peers are
 * allowed: both browsers of the test are on this machine. Resolves once it answers a STUN binding request.
 */
export async function startTurnServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'plab-turn-'))
  const secret = randomBytes(24).toString('base64url')
  const config = [
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    `listening-port=${LISTENING_PORT}`,
    `min-port=${RELAY_PORTS.min}`,
    `max-port=${RELAY_PORTS.max}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=plab.test',
    'no-tls',
    'no-dtls',
    'no-cli',
    'allow-loopback-peers',
    `userdb=${path.join(dir, 'turndb')}`,
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    'log-file=stdout',
    'simple-log',
  ]
  const file = path.join(dir, 'turnserver.conf')
  writeFileSync(file, `${config.join('\n')}\n`)
  const child = spawn('/usr/bin/turnserver', ['-c', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await answersStun(LISTENING_PORT)
  } catch (error) {
    await stop()
    throw new Error(`turnserver did not start: ${(error as Error).message}\n${output}`)
  }
  return { url: `turn:127.0.0.1:${LISTENING_PORT}?transport=udp`, secret, stop, output: () => output }
}

/** Sends STUN binding requests (RFC 5389) until one is answered. */
async function answersStun(port: number, timeoutMs = 10_000) {
  const socket = dgram.createSocket('udp4')
  const request = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]), randomBytes(12)])
  const send = () => socket.send(request, port, '127.0.0.1')
  const again = setInterval(send, 200)
  let deadline: NodeJS.Timeout | undefined
  try {
    await new Promise<void>((resolve, reject) => {
      deadline = setTimeout(() => reject(new Error(`no STUN answer on port ${port}`)), timeoutMs)
      socket.once('message', () => resolve())
      send()
    })
  } finally {
    clearTimeout(deadline)
    clearInterval(again)
    socket.close()
  }
}
