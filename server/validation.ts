import type * as v from 'valibot'
import { validate } from '../schemas/validate.ts'
import { badRequest } from './errors.ts'

/** Validates a request part with a shared schema; a failure is a 400 naming each field and its rule. */
export function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw badRequest('A JSON object is required')
  }
  const result = validate(schema, input ?? {})
  if (result.ok) return result.value
  const [first] = Object.values(result.errors)
  throw badRequest(first ?? 'Validation failed', { validationErrors: result.errors })
}
