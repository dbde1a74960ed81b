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

/** True when the error is the unique index or constraint `name` refusing a row (23505). */
export function violates(error: unknown, name: string): boolean {
  const database = databaseErrorOf(error)
  return database?.code === '23505' && database.constraint === name
}
