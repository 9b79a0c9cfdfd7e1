/**
 * A bare WebSocket echo server in a process of its own, for the end-to-end bench's round-trip floor: a command's
 * live message crosses from the server's process to a generator's, so the floor's round trip crosses between two
 * processes too (one process that is both ends wakes no other process, which two on loopback must).
 * Tells its parent the port it listens on over IPC.
 */
import { WebSocketServer } from 'ws'

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
server.on('connection', (socket) => socket.on('message', (data) => socket.send(data)))
server.once('listening', () => process.send!({ port: (server.address() as { port: number }).port }))
process.on('disconnect', () => process.exit(0))
