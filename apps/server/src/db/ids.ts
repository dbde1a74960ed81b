import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

type Element = string | number | boolean | null | undefined

const QUOTED = /[\\"]/g

/**
 * An element in double quotes, its quotes and backslashes escaped. Looking for them first, and running the regular
 * expression only when one is there, halves the cost on the labels of a posting.
 */
const quoted = (value: string) =>
  value.indexOf('"') === -1 && value.indexOf('\\') === -1 ? `"${value}"` : `"${value.replace(QUOTED, '\\$&')}"`

/**
 * A column of values as one array parameter, sent as PostgreSQL's array literal: `{"a","b",NULL}`. Given a JavaScript
 * array, the embedded database's driver writes that literal itself, element by element, a third slower on the 120,000
 * lines of a posting's statement. `type` is the elements' SQL type, written by our code, never by a user.
 */
export function arrayParam(values: readonly Element[], type: string): SQL {
  return sql`${sql.param(arrayLiteral(values))}::${sql.raw(type)}[]`
}

/** The array literal of ids, the value of a compiled query's `inIdsOf` placeholder (db/compiled.ts). */
export const idsLiteral = (ids: readonly number[]): string => arrayLiteral(ids)

/** `column = any($key::bigint[])`: inIds for a compiled query, its ids given at each run as `idsLiteral(ids)`. */
export const inIdsOf = (column: AnyColumn, key: string): SQL => sql`${column} = any(${sql.placeholder(key)}::bigint[])`

function arrayLiteral(values: readonly Element[]): string {
  const parts = new Array<string>(values.length)
  for (let index = 0; index < values.length; index++) {
    const value = values[index]
    parts[index] =
      value === null || value === undefined ? 'NULL' : typeof value === 'string' ? quoted(value) : String(value)
  }
  return `{${parts.join(',')}}`
}

/**
 * Ids as one array parameter: `in (…)` binds and types one parameter per id, which on a thousand ids costs more than
 * the statement itself.
 */
export const idsParam = (ids: readonly number[]): SQL => arrayParam(ids, 'bigint')

/** `column = any($ids)`: the set-based form of inArray for the writes of imports and bulk actions. */
export const inIds = (column: AnyColumn, ids: readonly number[]): SQL => sql`${column} = any(${idsParam(ids)})`
