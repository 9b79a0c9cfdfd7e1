import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { PROJECT_ROOT } from './project-root.ts'

export const WEB_DIST = path.join(PROJECT_ROOT, 'dist/web')

/** A last path segment with an extension names a file (robots.txt, favicon.ico, a stale bundle), never a page. */
const NAMES_A_FILE = /\.[A-Za-z0-9]+$/

/**
 * Serves the built client, and index.html for any other GET (or HEAD) that wants a page (the client routes it).
 * API and live paths, and files the build does not have, never fall back to the page: they answer a JSON 404.
 * `npm run build` puts a brotli and a gzip copy beside each text file (vite-precompress.ts); they are sent
 * to browsers that accept them.
 */
export async function serveWebAssets(app: FastifyInstance, root = WEB_DIST) {
  const built = existsSync(path.join(root, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change; index.html must always be re-checked.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|ws)(\/|$)/.test(pathname) && !NAMES_A_FILE.test(pathname)
    if (!isPage) return reply.code(404).send({ error: 'Not found' })
    if (!built) return reply.code(503).type('text/plain').send('The web client is not built yet: run `npm run build`.')
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  })
}
