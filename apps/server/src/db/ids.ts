import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

/**
 * Ids as one array parameter: `in (…)` binds and types one parameter per id, which on a thousand ids costs more than
 * the statement itself.
 */
export const idsParam = (ids: readonly number[]): SQL => sql`${sql.param([...ids])}::bigint[]`

/** `column = any($ids)`: the set-based form of inArray for the writes of imports and bulk actions. */
export const inIds = (column: AnyColumn, ids: readonly number[]): SQL => sql`${column} = any(${idsParam(ids)})`
