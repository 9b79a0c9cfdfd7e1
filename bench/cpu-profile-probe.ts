/**
 * Loaded into the server under measurement when BENCH_CPU_PROFILE names a directory (--cpu-prof is not allowed
 * in NODE_OPTIONS): profiles the whole run and writes a .cpuprofile there when the server exits, for reading the
 * functions that cost most (bench/profile-top.ts).
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import path from 'node:path'

const dir = process.env.BENCH_CPU_PROFILE!
const session = new Session()
session.connect()
session.post('Profiler.enable')
session.post('Profiler.start')
// A session on this thread answers synchronously, so the profile can be written in the exit handler.
process.on('exit', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile))
  })
})
