import type { Sql } from './sql-repo'

/**
 * What the database holds, read from its catalog rather than from this build's drizzle schema: a table another
 * feature adds tomorrow is in the next archive without anyone touching the backup.
 */
export type TableInfo = {
  schema: string
  name: string
  oid: number
  /** Every column, in order; `generated` ones are computed by the database and never written back. */
  columns: { name: string; identity: boolean; generated: boolean }[]
  primaryKey: string[]
}

export type SequenceState = { schema: string; name: string; lastValue: string | null }

export type OwnedSequence = { schema: string; name: string; tableSchema: string; table: string; column: string }

/** The schemas Carnet's tables live in: all but PostgreSQL's own and drizzle's bookkeeping (kept as the migrations). */
const USER_SCHEMA = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg\\_%'`

/** Ordinary and partitioned tables (a partition is read and written through its parent), not an extension's. */
export async function listTables(sql: Sql): Promise<TableInfo[]> {
  const tables = await sql.query<{ schema: string; name: string; oid: number }>(
    `SELECT n.nspname AS schema, c.relname AS name, c.oid::int AS oid
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${USER_SCHEMA}
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
      ORDER BY n.nspname, c.relname`,
  )
  const columns = await sql.query<{ oid: number; name: string; identity: string; generated: string }>(
    `SELECT a.attrelid::int AS oid, a.attname AS name, a.attidentity::text AS identity, a.attgenerated::text AS generated
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND ${USER_SCHEMA}
      ORDER BY a.attrelid, a.attnum`,
  )
  const keys = await sql.query<{ oid: number; name: string }>(
    `SELECT i.indrelid::int AS oid, a.attname AS name
       FROM pg_index i
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indisprimary
      ORDER BY i.indrelid, k.position`,
  )
  return tables.map((table) => ({
    ...table,
    columns: columns
      .filter((column) => column.oid === table.oid)
      .map((column) => ({ name: column.name, identity: column.identity !== '', generated: column.generated !== '' })),
    primaryKey: keys.filter((key) => key.oid === table.oid).map((key) => key.name),
  }))
}

/**
 * Every sequence's position (null: never used). Sequences are not transactional: read in the snapshot, they may be
 * ahead of the rows, never behind, which is what a restored sequence needs.
 */
export async function listSequences(sql: Sql): Promise<SequenceState[]> {
  return sql.query<SequenceState>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS "lastValue"
       FROM pg_sequences
      WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND schemaname NOT LIKE 'pg\\_%'
      ORDER BY schemaname, sequencename`,
  )
}

/** The sequences behind identity and serial columns, with the column they number. */
export async function listOwnedSequences(sql: Sql): Promise<OwnedSequence[]> {
  return sql.query<OwnedSequence>(
    `SELECT sn.nspname AS schema, s.relname AS name, tn.nspname AS "tableSchema", t.relname AS table, a.attname AS column
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_namespace sn ON sn.oid = s.relnamespace
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_namespace tn ON tn.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
        AND tn.nspname <> 'drizzle'`,
  )
}
