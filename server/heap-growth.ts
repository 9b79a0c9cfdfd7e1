import { setFlagsFromString } from 'node:v8'

/**
 * The old generation grows by at most 20% over what survived the last full collection before the next one
 * (issue 38; decision 0136). V8's own choice for a heap this size lets it grow up to about four times: at 3,000
 * sockets and 200 commands/s the server's 80 MB of live objects became 150-250 MB of heap between two full
 * collections (every replaced session state is garbage in the old generation), 256-323 MB RSS, 335-409 MB at
 * saturation. With 20%: 195 MB and 206 MB, full collections every 10-20 s of 3-10 ms each, latency unchanged
 * (bench/RESULTS.md). Set before anything is allocated; `node --heap-growing-percent` would do the same but is
 * refused in NODE_OPTIONS and would be one more thing every way of starting the server must remember.
 */
setFlagsFromString('--heap-growing-percent=20')
