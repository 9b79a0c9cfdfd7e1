/**
 * The database errors the code acts on, one helper per SQLSTATE. PostgreSQL and PGlite report the same codes in
 * the error's `code`; losing the connection is told apart in availability.ts.
 */

const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code

/** 23505: a unique index refused the row (a name, a version or a code someone else took first). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505'

/** P0001: a `raise exception` in a trigger, here `cases_refuse_delete_in_use` (migration 0003). */
export const isRaisedByTrigger = (error: unknown) => sqlState(error) === 'P0001'

/** PR409: an append refused by a condition read in its own statement (refuse_append, migration 0012). */
export const isRefusedAppend = (error: unknown) => sqlState(error) === 'PR409'
