import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { RestoreRefused } from './archive'
import { listOwnedSequences } from './catalog'
import type { Manifest } from './manifest'
import { ident, qualified, type Sql } from './sql-repo'

/** Rows per INSERT, and a ceiling in characters so that a table of large texts does not make one huge statement. */
const BATCH_ROWS = 500
const BATCH_CHARS = 4_000_000

/**
 * Loads one table's JSON lines, read as a stream, in batches: PostgreSQL turns each line back into a row of the
 * table's own type (`json_populate_recordset`), so numbers, dates, arrays and bytes come back exactly as they were
 * dumped. Identity columns keep their ids (OVERRIDING SYSTEM VALUE). Returns the rows loaded, checked against the
 * manifest's count.
 */
export async function loadRows(sql: Sql, table: Manifest['tables'][number], path: string): Promise<number> {
  const name = qualified(table.schema, table.name)
  const columns = table.columns.map(ident).join(', ')
  const insert =
    `INSERT INTO ${name} (${columns})${table.identity ? ' OVERRIDING SYSTEM VALUE' : ''} ` +
    `SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`
  let batch: string[] = []
  let chars = 0
  let loaded = 0
  const flush = async () => {
    if (batch.length === 0) return
    await sql.query(insert, [`[${batch.join(',')}]`])
    loaded += batch.length
    batch = []
    chars = 0
  }
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })
  for await (const line of lines) {
    if (line === '') continue
    batch.push(line)
    chars += line.length
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush()
  }
  await flush()
  if (loaded !== table.rows)
    throw new RestoreRefused(
      `Archive corrompue : ${table.file} contient ${loaded} ligne(s), le manifeste en annonce ${table.rows}.`,
    )
  return loaded
}

/**
 * Sequences where the saved instance left them, then every identity or serial one at least at its column's largest
 * value, so that the next row the server inserts never takes an id that exists.
 */
export async function resetSequences(sql: Sql, sequences: Manifest['sequences']) {
  for (const sequence of sequences) {
    if (sequence.lastValue === null) continue
    const [found] = await sql.query<{ oid: number | null }>('SELECT to_regclass($1)::oid::int AS oid', [
      qualified(sequence.schema, sequence.name),
    ])
    if (found?.oid)
      await sql.query('SELECT setval($1::oid::regclass, $2::bigint, true)', [found.oid, sequence.lastValue])
  }
  for (const owned of await listOwnedSequences(sql)) {
    const sequence = qualified(owned.schema, owned.name)
    await sql.query(
      `SELECT setval($1::regclass, top) FROM (SELECT max(${ident(owned.column)})::bigint AS top FROM ${qualified(owned.tableSchema, owned.table)}) AS m
        WHERE top IS NOT NULL
          AND top > coalesce((SELECT last_value FROM pg_sequences WHERE schemaname = $2 AND sequencename = $3), 0)`,
      [sequence, owned.schema, owned.name],
    )
  }
}
