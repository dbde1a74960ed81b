/** A PostgreSQL error, wherever the driver or the ORM wrapped it (PGlite and node-postgres alike). */
export function databaseErrorOf(
  error: unknown,
): { code: string; detail?: string; column?: string; constraint?: string } | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; severity?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && candidate.severity)
      return candidate as { code: string; detail?: string; column?: string; constraint?: string }
    current = candidate.cause
  }
  return null
}

/**
 * True when the error is the unique index or constraint `name` refusing a row (23505). On Citus the refusal comes from a
 * shard: its index is `<name>_<shard id>` (a name that fits in 63 bytes with it), named in the message only, the
 * constraint field not being passed on.
 */
export function violates(error: unknown, name: string): boolean {
  const database = databaseErrorOf(error) as { code: string; constraint?: string; message?: string } | null
  if (database?.code !== '23505') return false
  if (database.constraint === name) return true
  const onShard = (named: string) => named === name || new RegExp(`^${name}_\\d+$`).test(named)
  if (database.constraint !== undefined) return onShard(database.constraint)
  const quoted = /constraint "([^"]+)"/.exec(database.message ?? '')?.[1]
  return quoted !== undefined && onShard(quoted)
}
