import * as v from 'valibot'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { AnswerIn, BodyOut, ParamsOf, ParamsOut, QueryOut, RouteContract } from '../schemas/api/contract.ts'
import { parseBody } from './validation.ts'

/** The request as a handler reads it: its path parameters are strings, as they arrive. */
export type ContractRequest<R extends RouteContract> = FastifyRequest<{ Params: { [Name in keyof ParamsOf<R['path']>]: string } }>

/** The request's parameters, body and query, checked with the contract's schemas (a 400 naming each field otherwise). */
export interface Checked<R extends RouteContract> {
  params: ParamsOut<R>
  body: BodyOut<R>
  query: QueryOut<R>
}

/** A route whose answer is not JSON (a file, CSV) answers through `reply` and returns it. */
type HandlerResult<R extends RouteContract> = R['answer'] extends v.GenericSchema ? AnswerIn<R> : unknown

/** A union's issue only says no option matched: its options' own issues name the fields. */
const innermost = (issues: v.BaseIssue<unknown>[]): v.BaseIssue<unknown>[] => issues.flatMap((issue) => (issue.issues?.length ? innermost(issue.issues) : [issue]))

/** The declared answer broke its contract: a bug of ours, answered 500 with no detail; the log names the fields. */
export class AnswerContractError extends Error {
  override name = 'AnswerContractError'
  constructor(route: RouteContract, issues: v.BaseIssue<unknown>[]) {
    const fields = innermost(issues)
      .slice(0, 5)
      .map((issue) => `${issue.path?.map((item) => item.key).join('.') || '(answer)'}: ${issue.message}`)
    super(`${route.method} ${route.path} answered outside its contract: ${fields.join('; ')}`)
  }
}

/**
 * Registers a route from its contract: checks the parameters, body and query before the handler runs, and passes its answer
 * through the answer's schema, which drops any field the contract does not declare and refuses a wrong type.
 */
export function serve<R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  options: RouteShorthandOptions,
  handler: (request: ContractRequest<NoInfer<R>>, checked: Checked<NoInfer<R>>, reply: FastifyReply) => Promise<HandlerResult<NoInfer<R>>>,
): void {
  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    handler: async (request, reply) => {
      // In the order a reader looks: which object, then what is asked of it.
      const checked = {
        params: contract.params ? parseBody(contract.params, request.params) : undefined,
        body: contract.body ? parseBody(contract.body, request.body) : undefined,
        query: contract.query ? parseBody(contract.query, request.query) : undefined,
      } as Checked<R>
      const answer = await handler(request as ContractRequest<R>, checked, reply)
      if (!contract.answer || answer === reply) return answer
      const result = v.safeParse(contract.answer, answer)
      if (!result.success) throw new AnswerContractError(contract, result.issues)
      return result.output
    },
  })
}
