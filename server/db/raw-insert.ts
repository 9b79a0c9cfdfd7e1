import { sql, type InsertObject, type RawBuilder } from 'kysely'
import type { Database } from './schema.ts'

/**
 * Inserts as raw SQL, for the statement every session command sends (issue 15). Kysely's insert builder makes a
 * frozen node of each column, value and upsert assignment, and compiling walks them all again: for the append
 * and its read models that cost more CPU than the rest of storing a command. Here the text around the values
 * is a few strings and each value one parameter (or the SQL of a value written as `sql`), so building and
 * compiling are a pass over the values. The rows are still checked against the table's columns and types.
 */

const quoted = (identifier: string) => `"${identifier}"`
const DEFAULT = sql.raw('default')

/**
 * `insert into <table> (<columns>) values (...), ...`: every row has the columns of the first, in its order (the
 * rows are object literals of one shape). A value left undefined takes the column's default, as with the builder.
 */
export function insertRows<T extends keyof Database & string>(table: T, rows: InsertObject<Database, T>[]): RawBuilder<unknown> {
  const columns = Object.keys(rows[0]) as (keyof InsertObject<Database, T>)[]
  const head = sql.raw(`insert into ${quoted(table)} (${columns.map((column) => quoted(String(column))).join(', ')}) values `)
  const values = (row: InsertObject<Database, T>) => sql.join(columns.map((column) => (row[column] === undefined ? DEFAULT : row[column])))
  return sql`${head}${sql.join(rows.map((row) => sql`(${values(row)})`))}`
}

/**
 * An upsert's assignments of `columns` to the values its insert proposed (excluded): each value is sent once,
 * in the insert, and the assignments are text with no parameter.
 */
export function fromInserted(columns: string[]): RawBuilder<unknown> {
  return sql.raw(columns.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(', '))
}
