/**
 * Issue 30, item 15: log lines follow the terminal. A process whose stdout is a terminal (faked with util-linux's
 * `script`, as `make run` in a shell has) writes pretty lines; piped, it writes pino's JSON.
 */
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
// The server's own logger options, given whether stdout is a terminal, and one line logged through them.
const program = `import pino from 'pino'
import { loggerOptions } from './server/log-output.ts'
const log = pino(loggerOptions('info', process.stdout.isTTY === true))
log.info('PLAB Practice is running')`

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } })
const node = ['node', '--import', 'tsx', '--input-type=module', '-e', program]

t.test('piped, each line is JSON', async (t) => {
  const line = run(node[0], node.slice(1)).trim()
  t.match(JSON.parse(line), { level: 30, msg: 'PLAB Practice is running' })
})

t.test('on a terminal, a line a person reads: time, level and message, no JSON', async (t) => {
  const quoted = node.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')
  const output = run('script', ['-qec', quoted, '/dev/null'])
  t.match(output, /\d\d:\d\d:\d\d.*INFO.*PLAB Practice is running/)
  t.notMatch(output, /"msg"/)
})
