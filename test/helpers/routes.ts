import type { FastifyInstance } from 'fastify'

export interface RouteEntry {
  url: string
  methods: string[]
}

/**
 * Every route the app has, read from Fastify's printRoutes tree (Fastify lists routes nowhere else once they are
 * registered): each line is a path piece appended to its parent's, indented four columns a level.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = []
  const prefixes: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ├└─]*?)[├└]── (.+?)(?: \(([A-Z, -]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1].length / 4
    prefixes.length = depth
    const url = prefixes.join('') + match[2]
    prefixes.push(match[2])
    const methods = (match[3] ?? '').split(', ').filter((method) => method && method !== '-')
    if (methods.length > 0) routes.push({ url, methods })
  }
  return routes
}
