import t from 'tap'
import { Writable } from 'node:stream'
import { testApp } from '../helpers/app.ts'

t.test('each request is logged once, without its query string', async (t) => {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const server = await testApp({}, { logger: { level: 'info', stream } })
  t.teardown(() => server.close())
  lines.length = 0

  const response = await server.app.inject({ method: 'GET', url: '/api/config?token=secret-reset-token' })
  t.equal(response.statusCode, 200)

  const requestLines = lines.filter((line) => 'reqId' in line)
  t.equal(requestLines.length, 1, 'one line for the request')
  t.match(requestLines[0], { level: 30, method: 'GET', url: '/api/config', status: 200, ms: Number })
  t.notMatch(JSON.stringify(lines), /secret-reset-token/, 'the query string is not logged')
})
