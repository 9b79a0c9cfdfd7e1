import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web')

/**
 * Serves the built client, and index.html for any other GET that wants a page (the client routes it).
 * API and live paths never fall back to the page: they answer a JSON 404.
 */
export async function serveWebAssets(app: FastifyInstance) {
  const built = existsSync(path.join(WEB_DIST, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change; index.html must always be re-checked.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|ws)(\/|$)/.test(request.url)
    if (!isPage) return reply.code(404).send({ error: 'Not found' })
    if (!built) return reply.code(503).type('text/plain').send('The web client is not built yet: run `npm run build`.')
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  })
}
