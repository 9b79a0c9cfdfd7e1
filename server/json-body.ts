import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors.ts'

/**
 * How deep a JSON body may nest. The deepest body a client sends (a case from the editor: criteria with their
 * sub-criteria, sections, recall dates) is under ten levels; the checks that walk a body (storable-text.ts, the
 * valibot schemas) recurse once a level, so a body thousands of levels deep would overflow the stack (a 500).
 */
export const MAX_JSON_DEPTH = 64

export const TOO_DEEP = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects`

/** Whether the JSON text opens more than `limit` arrays or objects inside each other: one pass, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c) index += 1 // a backslash: the next character is escaped, never a closing quote
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) {
      depth += 1
      if (depth > limit) return true
    } else if (char === 0x5d || char === 0x7d) depth -= 1
  }
  return false
}

/**
 * The JSON body parser of every API route, in place of Fastify's: a body nested too deeply is a 400 before it is
 * parsed, and an empty body reads as none, as the spec's client sends some commands (/complete, via fetch) with
 * Content-Type: application/json and nothing after it; the route's schema then says what is missing. The rest
 * is Fastify's own parser, which refuses __proto__ and constructor keys.
 */
export function parseJsonBodies(scope: FastifyInstance) {
  const parse = scope.getDefaultJsonParser('error', 'error')
  scope.removeContentTypeParser('application/json')
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text === '') return done(null, undefined)
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP), undefined)
    parse(request, text, done)
  })
}
