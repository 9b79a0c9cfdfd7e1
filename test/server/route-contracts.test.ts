import t from 'tap'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { API_CONTRACTS } from '../../schemas/api/index.ts'
import { testApp } from '../helpers/app.ts'
import { listRoutes } from '../helpers/routes.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const app = await testApp()
t.teardown(() => app.close())

t.test('every /api route is registered from a contract, and every contract is a route', async (t) => {
  const contracts = Object.values(API_CONTRACTS).flatMap((area) => Object.values(area))
  const declared = contracts.map((contract) => `${contract.method} /api${contract.path}`).sort()
  t.equal(new Set(declared).size, declared.length, 'no route is declared twice')

  const served = listRoutes(app.app)
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) => route.methods.filter((method) => method !== 'HEAD' && method !== 'OPTIONS').map((method) => `${method} ${route.url}`))
    .sort()
  t.ok(served.length > 60, `the app serves ${served.length} API routes`)
  t.same(served.filter((route) => !declared.includes(route)), [], 'no route without a contract')
  t.same(declared.filter((route) => !served.includes(route)), [], 'no contract without a route')
})

/** The live channel's transports speak STOMP and SockJS over their own routes, outside /api: no contract. */
const OUTSIDE_CONTRACTS = ['server/live/websocket-transport.ts', 'server/live/sockjs-transport.ts', 'server/live/sockjs-xhr.ts']

t.test('routes are registered only through serve, outside the live transports', async (t) => {
  const registering = /\b(app|api|scope|instance)\.(get|post|put|delete|patch|route)\s*[<(]/
  const files = readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))
  t.ok(files.length > 100, `read ${files.length} files`)
  const outside = files
    .map((name) => path.join('server', name))
    .filter((file) => file !== 'server/route-contract.ts' && !OUTSIDE_CONTRACTS.includes(file))
    .filter((file) => registering.test(readFileSync(path.join(ROOT, file), 'utf8')))
  t.same(outside, [])
  for (const file of OUTSIDE_CONTRACTS) t.match(readFileSync(path.join(ROOT, file), 'utf8'), registering, `${file} registers its own routes`)
})
