import type { FastifyInstance } from 'fastify'

/**
 * Headers on every answer that make a page harder to abuse. The sign-in token lives in localStorage, so an
 * injected script would own the account: scripts come only from this server and Google's sign-in, which the
 * spec loads from Google. Styles may be inline (styled-components writes them at run time), images may come
 * from any https/http address (an admin may give a case image by URL) or a blob: (the editor reads a chosen
 * file's dimensions before uploading it), and no other site may frame the app. The live channel's address is
 * named as well as 'self': browsers before CSP level 3 (Safari until 15.4) do not count ws: and wss: as 'self'.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const liveChannel = new URL(publicUrl)
  liveChannel.protocol = liveChannel.protocol === 'https:' ? 'wss:' : 'ws:'
  return [
    "default-src 'self'",
    "script-src 'self' https://accounts.google.com/gsi/client",
    "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    "img-src 'self' data: blob: https: http:",
    // The call's streams are set as srcObject; a blob: source is the only other way a browser plays them.
    "media-src 'self' blob:",
    `connect-src 'self' ${liveChannel.origin} https://accounts.google.com/gsi/`,
    'frame-src https://accounts.google.com/gsi/',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The call (issue 19) may use the camera and microphone on our own pages; no framed page, no other feature. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=()'

export function addSecurityHeaders(app: FastifyInstance, publicUrl: string) {
  const policy = contentSecurityPolicy(publicUrl)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', policy)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    // The reset-password page carries its token in the address: it must not leave in a Referer header.
    reply.header('referrer-policy', 'same-origin')
    reply.header('permissions-policy', PERMISSIONS_POLICY)
  })
}
