/**
 * A bare WebSocket echo server in a process of its own, for the end-to-end bench's round-trip floor: a command's
 * live message crosses from the server's process to a generator's, so the floor's round trip crosses between two
 * processes too (one process that is both ends wakes no other process, which two on loopback must).
 * Tells its parent its address over IPC.
 */
import { echoServer } from './echo-probe.ts'

const { url } = await echoServer()
process.send!({ url })
process.on('disconnect', () => process.exit(0))
