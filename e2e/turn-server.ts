import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import dgram from 'node:dgram'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The listener and its relay ports: one block, below the kernel's ephemeral range (32768 up by default) so no
 * socket of a browser or a client can be handed one of them while coturn runs.
 */
const PORT_BLOCK = 20
const BLOCKS_FROM = 10_000
const BLOCKS_BELOW = Math.min(32_000, Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]))

/**
 * Debian's coturn on 127.0.0.1 with a generated static-auth-secret (the TURN REST API scheme of
 * `use-auth-secret`), no TLS, no CLI, its user database and config in a temporary folder. Loopback peers are
 * allowed: both browsers of the test are on this machine. Resolves once it answers a STUN binding request.
 */
export async function startTurnServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'plab-turn-'))
  const listeningPort = await freePortBlock()
  const secret = randomBytes(24).toString('base64url')
  const config = [
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    `listening-port=${listeningPort}`,
    `min-port=${listeningPort + 1}`,
    `max-port=${listeningPort + PORT_BLOCK - 1}`,
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
  // setpriv --pdeathsig: coturn ends with the test's worker, even one killed at a timeout (KILL: coturn outlived
  // a TERM sent this way). A coturn left behind would share its port with the next one (coturn binds with
  // SO_REUSEPORT) and answer some of its packets with another secret.
  const child = spawn('/usr/bin/setpriv', ['--pdeathsig', 'KILL', '--', '/usr/bin/turnserver', '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] })
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
    await answersStun(listeningPort)
  } catch (error) {
    await stop()
    throw new Error(`turnserver did not start: ${(error as Error).message}\n${output}`)
  }
  return { url: `turn:127.0.0.1:${listeningPort}?transport=udp`, secret, stop, output: () => output }
}

/** The first port of a block of PORT_BLOCK ports, each free on UDP and TCP (an exclusive bind succeeds), tried from a random start. */
async function freePortBlock(): Promise<number> {
  const blocks = Math.floor((BLOCKS_BELOW - BLOCKS_FROM) / PORT_BLOCK)
  const start = Math.floor(Math.random() * blocks)
  for (let i = 0; i < blocks; i++) {
    const first = BLOCKS_FROM + ((start + i) % blocks) * PORT_BLOCK
    const ports = Array.from({ length: PORT_BLOCK }, (_, k) => first + k)
    const free = await Promise.all(ports.map(async (port) => (await canBind('udp', port)) && (await canBind('tcp', port))))
    if (free.every(Boolean)) return first
  }
  throw new Error(`no block of ${PORT_BLOCK} free ports between ${BLOCKS_FROM} and ${BLOCKS_BELOW}`)
}

function canBind(protocol: 'udp' | 'tcp', port: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (protocol === 'udp') {
      const socket = dgram.createSocket({ type: 'udp4', reuseAddr: false })
      socket.once('error', () => resolve(false))
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)))
    } else {
      const server = net.createServer()
      server.once('error', () => resolve(false))
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)))
    }
  })
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
