import t from 'tap'
import { contentSecurityPolicy } from '../../server/security-headers.ts'
import { testApp } from '../helpers/app.ts'

t.test('pages and API answers carry the security headers: our scripts and Google sign-in only, no framing, no referrer', async (t) => {
  const app = await testApp()
  t.teardown(() => app.close())
  for (const url of ['/', '/reset-password?token=abc', '/api/health', '/api/nothing-here']) {
    const { headers } = await app.app.inject({ method: 'GET', url })
    t.match(headers['content-security-policy'], /script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client;/, url)
    t.match(headers['content-security-policy'], /frame-ancestors 'none'/, url)
    t.match(headers['content-security-policy'], /connect-src 'self' ws:\/\/localhost:\d+ /, `${url}: the live channel is named for browsers before CSP level 3`)
    t.equal(headers['x-frame-options'], 'DENY', url)
    t.equal(headers['x-content-type-options'], 'nosniff', url)
    t.equal(headers['referrer-policy'], 'same-origin', `${url}: a reset token never leaves in a Referer`)
    t.match(headers['permissions-policy'], /(^|, )camera=\(self\), microphone=\(self\)(,|$)/, `${url}: the call may use camera and microphone on our own pages only`)
    t.match(headers['content-security-policy'], /media-src 'self' blob:/, url)
  }
})

t.test('behind https the live channel is wss on the public host', async (t) => {
  t.match(contentSecurityPolicy('https://plab.example.org/'), /connect-src 'self' wss:\/\/plab\.example\.org https:/)
})
