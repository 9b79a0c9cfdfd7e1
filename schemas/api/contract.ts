import * as v from 'valibot'

/**
 * What a route takes and gives, declared once and read by both sides (issue 31, item 6): the server checks the
 * path parameters, body and query with these schemas and serialises the answer through `answer` (server/route-contract.ts), so an
 * answer is exactly what is declared; the client's calls are typed from the same schemas (web/api/client.ts).
 */
export type Schema = v.GenericSchema

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The answer of most writes: a sentence the client may show (WIRE.md). */
export const MessageAnswer = v.object({ message: v.string() })

export interface RouteContract<
  Path extends string = string,
  Body extends Schema | null = Schema | null,
  Query extends Schema | null = Schema | null,
  Answer extends Schema | null = Schema | null,
  Params extends Schema | null = Schema | null,
> {
  method: Method
  /** Under /api, with `:name` parameters, as fastify writes them. */
  path: Path
  /** Null: the parameters are read as the text they arrive as (a session code is found by its own rules). */
  params: Params
  /** Null: the route reads no body. */
  body: Body
  /** Null: the route reads no query string. */
  query: Query
  /** The JSON the route answers with on success; null when it answers something else (a file, CSV, an image). */
  answer: Answer
}

/** A route's contract; parameters, body, query and answer default to none. */
export function route<
  const Path extends string,
  Body extends Schema | null = null,
  Query extends Schema | null = null,
  Answer extends Schema | null = null,
  Params extends Schema | null = null,
>(method: Method, path: Path, parts: { params?: Params; body?: Body; query?: Query; answer?: Answer }): RouteContract<Path, Body, Query, Answer, Params> {
  const { params = null, body = null, query = null, answer = null } = parts
  return { method, path, params: params as Params, body: body as Body, query: query as Query, answer: answer as Answer }
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : Path extends `${string}:${infer Name}` ? Name : never

/** The path's parameters, by name: `/sessions/:code` takes `{ code }`. */
export type ParamsOf<Path extends string> = { [Name in ParamNames<Path>]: string | number }

/** What the client sends (before the server's schema transforms it) and what the handler reads (after). */
export type BodyIn<R extends RouteContract> = R['body'] extends Schema ? v.InferInput<R['body']> : undefined
export type BodyOut<R extends RouteContract> = R['body'] extends Schema ? v.InferOutput<R['body']> : undefined
export type QueryIn<R extends RouteContract> = R['query'] extends Schema ? v.InferInput<R['query']> : undefined
export type QueryOut<R extends RouteContract> = R['query'] extends Schema ? v.InferOutput<R['query']> : undefined
export type ParamsOut<R extends RouteContract> = R['params'] extends Schema ? v.InferOutput<R['params']> : undefined
/** What the handler returns (checked and serialised by the answer's schema) and what the client receives. */
export type AnswerIn<R extends RouteContract> = R['answer'] extends Schema ? v.InferInput<R['answer']> : unknown
export type AnswerOut<R extends RouteContract> = R['answer'] extends Schema ? v.InferOutput<R['answer']> : unknown

/** The path with its parameters filled in, each URL-encoded. */
export function pathOf<Path extends string>(path: Path, params: ParamsOf<Path>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String((params as Record<string, string | number>)[name])))
}
