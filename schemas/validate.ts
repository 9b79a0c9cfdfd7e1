import * as v from 'valibot'

export type FieldErrors = Record<string, string>

/** Runs a schema and returns either the output or one message per field (first issue wins). */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input)
  if (result.success) return { ok: true, value: result.output }
  const errors: FieldErrors = {}
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'body'
    if (!(key in errors)) errors[key] = describe(schema, issue)
  }
  return { ok: false, errors }
}

function describe(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const isObjectIssue = issue.type === 'object' || issue.type === 'strict_object' || issue.type === 'loose_object'
  if (!isObjectIssue) return issue.message
  const key = issue.path?.at(-1)?.key
  if (typeof key !== 'string') return 'A JSON object is required'
  if (issue.expected === 'never') return `Unknown field: ${key}`
  // A missing key: the field's own schema knows the right "is required" message.
  const field = entriesOf(schema)?.[key]
  const fieldIssue = field ? v.safeParse(field, undefined).issues?.[0] : undefined
  return fieldIssue?.message ?? `${key} is required`
}

function entriesOf(schema: v.GenericSchema): v.ObjectEntries | undefined {
  if ('entries' in schema) return schema.entries as v.ObjectEntries
  if ('pipe' in schema && Array.isArray(schema.pipe)) return entriesOf(schema.pipe[0] as v.GenericSchema)
  return undefined
}
